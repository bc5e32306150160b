import { Button } from "@client/components/button";
import { useEffect, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { onUpdateReady, reloadWithUpdate, updateReady, watchForUpdates } from "../api/update-watch";
import styles from "./offline.module.css";
import { useAllTexts } from "./use-all-texts";

/**
 * "A new version is ready — Reload" (decision 0024). The app shell draws it only when a new version
 * can turn up (decision 0034); it watches for a waiting version and asks for its texts only once
 * one waits.
 */
export function UpdatePrompt() {
  const { t } = useTranslation();
  useEffect(watchForUpdates, []);
  const ready = useSyncExternalStore(onUpdateReady, updateReady, () => false);
  const textsReady = useAllTexts(ready);
  if (!ready || !textsReady) return null;
  return (
    <div className={`${styles.banner} ${styles.update}`} role="status">
      <p className={styles.bannerInner}>
        <span>{t("offline.update_ready")}</span>
        <Button size="small" onClick={reloadWithUpdate}>
          {t("offline.update_reload")}
        </Button>
      </p>
    </div>
  );
}
