import { useTranslation } from "react-i18next";
import styles from "./loading.module.css";

/** A polite, screen-reader-announced loading indicator. */
export function Loading({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <p className={styles.loading} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      {label ?? t("app.loading")}
    </p>
  );
}
