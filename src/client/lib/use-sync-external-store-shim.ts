/**
 * Stands in for the `use-sync-external-store/shim` package (vite.config.ts aliases it here): a
 * polyfill for React before 18, which react-i18next still imports. React 19 has the hook itself.
 */
export { useSyncExternalStore } from "react";
