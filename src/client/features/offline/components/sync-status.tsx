import { useEffect, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { onWaitingCountChange, startSync, waitingCount } from "../api/sync";
import styles from "./offline.module.css";
import { useAllTexts } from "./use-all-texts";

/** The header's "N answers waiting to sync", shown while any are. */
export function SyncStatus() {
  const { t } = useTranslation();
  useEffect(() => startSync(), []);
  const count = useSyncExternalStore(onWaitingCountChange, waitingCount, () => 0);
  const textsReady = useAllTexts(count > 0);
  const text = count > 0 && textsReady ? t("offline.waiting_to_sync", { count }) : "";
  // A phone's header has room for the number only; the sentence is still read out.
  return (
    <span role="status" className={styles.syncStatus} title={text || undefined}>
      {text && (
        <>
          <span aria-hidden="true" className={styles.syncShort}>
            ↻ {count}
          </span>
          <span className={styles.syncLong}>{text}</span>
        </>
      )}
    </span>
  );
}
