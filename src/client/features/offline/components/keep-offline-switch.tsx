import { useSession } from "@client/features/accounts/session";
import { unwrap } from "@client/lib/api";
import { notify } from "@client/lib/notify";
import { typedApi } from "@client/lib/typed-api";
import { useLocalePath } from "@client/lib/use-language";
import type { CourseDetail } from "@shared/schemas/course";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useOnline } from "../api/network";
import styles from "./offline.module.css";

/**
 * The switch is drawn with the course page (no shift when it arrives, and its texts are among the
 * first screen's); the IndexedDB code it drives loads on its own, after the page (decision 0025).
 */
const keptStore = () => import("../api/kept");

/** Asks the browser not to clear what is kept when space runs short (it may say no). */
export async function requestPersistentStorage(): Promise<boolean> {
  try {
    return (await navigator.storage?.persist?.()) ?? false;
  } catch {
    return false;
  }
}

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

  useEffect(() => {
    let current = true;
    const read = () =>
      void keptStore()
        .then((store) => store.isKept(course.id))
        .then(
          (value) => current && setKept(value),
          () => current && setKept(false),
        );
    read();
    let stop = () => {};
    void keptStore().then(
      (store) => {
        if (current) stop = store.onKeptChange(read);
      },
      () => {},
    );
    return () => {
      current = false;
      stop();
    };
  }, [course.id]);

  const toggle = async (keep: boolean) => {
    setTarget(keep);
    setBusy(true);
    try {
      const { keepCourse, removeCourse, saveQueue } = await keptStore();
      if (keep) {
        const api = await typedApi();
        await keepCourse(course, (deckId) => unwrap(api.decks[":deckId"].$get({ param: { deckId: String(deckId) } })));
        // A learner's review queue for the course comes along, to review it offline.
        if (user) {
          const queue = await unwrap(api.reviews.queue.$get({ query: { courseId: String(course.id) } }));
          await saveQueue(String(course.id), queue);
        }
        void requestPersistentStorage();
        notify.success(t("offline.kept"));
      } else {
        await removeCourse(course.id);
        notify.success(t("offline.removed"));
      }
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
