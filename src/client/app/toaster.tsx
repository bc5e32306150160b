/** The toast area (sonner), loaded with the first notification (lib/notify.ts). */

import { TOAST_MAX_VISIBLE } from "@shared/limits";
import { useEffect, useSyncExternalStore } from "react";
import { Toaster } from "sonner";
import { toasterListening } from "../lib/notify";
import { useTheme } from "../lib/theme";

/** Sonner's own width for phones (its full-width layout and `mobileOffset`). */
const PHONE = "(max-width: 600px)";

const phoneQuery = () => window.matchMedia(PHONE);
const onPhoneChange = (change: () => void) => {
  const query = phoneQuery();
  query.addEventListener("change", change);
  return () => query.removeEventListener("change", change);
};

export function AppToaster() {
  // Runs after the Toaster's own effects, so it already listens when the waiting toasts are sent.
  useEffect(() => toasterListening(), []);
  const theme = useTheme();
  const phone = useSyncExternalStore(onPhoneChange, () => phoneQuery().matches);
  return (
    <Toaster
      visibleToasts={TOAST_MAX_VISIBLE}
      // At the bottom, where no page puts its title: on wide screens in the right-hand corner (at
      // the top, below the header, a toast sat over the page's heading: #23), on phones as wide as
      // the screen. Neither covers the header's buttons.
      position={phone ? "bottom-center" : "bottom-right"}
      mobileOffset={{ bottom: "calc(1rem + env(safe-area-inset-bottom))" }}
      // Above a modal dialog's backdrop, and reachable there: Radix makes everything outside the
      // dialog ignore the pointer (the dialog ignores clicks on toasts, components/dialog.tsx).
      style={{ pointerEvents: "auto" }}
      expand
      closeButton
      theme={theme}
    />
  );
}
