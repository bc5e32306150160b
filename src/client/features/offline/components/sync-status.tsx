import { onWaitingCountChange, startSync, syncPausedUntil, waitingCount } from "@client/core/offline/sync";
import { useEffect, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import styles from "./offline.module.css";
import { useAllTexts } from "./use-all-texts";

/**
 * The header's "N answers waiting to sync", shown while any are; while the server asked to wait
 * (its per-learner limits, decision 0038), from when they are sent.
 */
export function SyncStatus() {
  const { t, i18n } = useTranslation();
  useEffect(() => startSync(), []);
  const count = useSyncExternalStore(onWaitingCountChange, waitingCount, () => 0);
  const pausedUntil = useSyncExternalStore(onWaitingCountChange, syncPausedUntil, () => 0);
  const textsReady = useAllTexts(count > 0);
  const time = new Intl.DateTimeFormat(i18n.language, { hour: "numeric", minute: "2-digit" }).format(pausedUntil);
  const text =
    count > 0 && textsReady
      ? t(pausedUntil > 0 ? "offline.sync_paused" : "offline.waiting_to_sync", { count, time })
      : "";
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
