import { Link } from "@client/components/link";
import { useOnline } from "@client/core/offline/network";
import { mayHaveOfflineCopy } from "@client/core/offline/offline-presence";
import { useSession } from "@client/core/session/session";
import { notify } from "@client/lib/notify";
import { useLocalePath } from "@client/lib/use-language";
import type { CourseDetail } from "@shared/schemas/course";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import styles from "./offline.module.css";

/**
 * The switch is drawn with the course page (no shift when it arrives, and its texts are among the
 * first screen's); the IndexedDB code it reads loads on its own, after the page, and only when
 * this browser stores something; what keeping takes loads when the switch is used (decisions
 * 0025, 0034).
 */
const keptStore = () => import("@client/core/offline/kept");
const keeping = () => import("../api/keep-course");

/** The course page's "Keep offline" switch: stores the course, its decks and cards on this device. */
export function KeepOfflineSwitch({ course }: { course: CourseDetail }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const online = useOnline();
  const { user } = useSession();
  const hintId = useId();
  const [kept, setKept] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  // While keeping or removing, the switch shows where it is going.
  const [target, setTarget] = useState(false);

  // Set once this page has kept or removed the course: from then on the switch follows the store.
  const [storeUsed, setStoreUsed] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: storeUsed re-reads on purpose once the store exists
  useEffect(() => {
    let current = true;
    let stop = () => {};
    const notKept = () => current && setKept(false);
    void (async () => {
      // Nothing stored on this browser yet (a first visit): not kept, and no IndexedDB code to load.
      if (!(await mayHaveOfflineCopy())) return notKept();
      const store = await keptStore();
      if (!current) return;
      const read = () => void store.isKept(course.id).then((value) => current && setKept(value), notKept);
      read();
      stop = store.onKeptChange(read);
    })().catch(notKept);
    return () => {
      current = false;
      stop();
    };
  }, [course.id, storeUsed]);

  const toggle = async (keep: boolean) => {
    setTarget(keep);
    setBusy(true);
    try {
      const { keepOffline, removeCourse } = await keeping();
      if (keep) {
        await keepOffline(course, user !== null);
        notify.success(t("offline.kept"));
      } else {
        await removeCourse(course.id);
        notify.success(t("offline.removed"));
      }
      setKept(keep);
      setStoreUsed(true);
    } catch (error) {
      console.error(error);
      notify.error(t("offline.keep_failed"));
    } finally {
      setBusy(false);
    }
  };

  // Keeping needs the server; letting go of a kept course does not.
  const disabled = kept === null || (!online && !kept);
  return (
    <div className={styles.keep}>
      <label className={styles.keepLabel}>
        <input
          type="checkbox"
          role="switch"
          checked={busy ? target : (kept ?? false)}
          aria-checked={busy ? target : (kept ?? false)}
          disabled={disabled}
          aria-describedby={hintId}
          onChange={(event) => {
            if (!busy) void toggle(event.target.checked);
          }}
        />
        {t("offline.keep")}
      </label>
      <p id={hintId} className={styles.hint} aria-live="polite">
        {busy ? t("offline.keeping") : !online && !kept ? t("offline.needs_connection") : t("offline.keep_hint")}{" "}
        {kept && !busy && <Link to={localePath("/offline")}>{t("offline.kept_link")}</Link>}
      </p>
    </div>
  );
}
