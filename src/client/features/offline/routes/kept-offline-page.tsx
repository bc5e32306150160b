import { Button } from "@client/components/button";
import { Link } from "@client/components/link";
import { Loading } from "@client/components/loading";
import { Page } from "@client/components/page";
import { type KeptSummary, keptSummary, onKeptChange, removeCourse, removeRecentDeck } from "@client/core/offline/kept";
import { notify } from "@client/lib/notify";
import { useLocalePath } from "@client/lib/use-language";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatSize } from "../lib/format-size";
import styles from "./kept-offline-page.module.css";

/** What this device keeps for offline study, the room it takes, and a way to remove each. */
export function KeptOfflinePage() {
  const { t, i18n } = useTranslation();
  const localePath = useLocalePath();
  const [summary, setSummary] = useState<KeptSummary | null>(null);
  const [persisted, setPersisted] = useState<boolean | null>(null);
  const size = (bytes: number) => formatSize(bytes, i18n.language, (count) => t("rough.bytes", { count }));

  const read = useCallback(() => {
    keptSummary().then(setSummary, (error: unknown) => {
      console.error(error);
      setSummary({ courses: [], recentDecks: [], totalBytes: 0 });
    });
  }, []);
  useEffect(() => {
    read();
    navigator.storage?.persisted?.().then(setPersisted, () => setPersisted(false));
    return onKeptChange(read);
  }, [read]);

  const remove = async (action: Promise<void>) => {
    await action;
    notify.success(t("offline.removed"));
  };

  return (
    <Page title={t("offline.page_title")}>
      <p className={styles.intro}>{t("offline.page_intro")}</p>
      {!summary ? (
        <Loading label={t("offline.loading")} />
      ) : (
        <>
          <p className={styles.total}>{t("offline.total", { size: size(summary.totalBytes) })}</p>
          {persisted !== null && (
            <p className={styles.persisted}>{persisted ? t("offline.persistent") : t("offline.not_persistent")}</p>
          )}
          <h2 className={styles.heading}>{t("offline.courses_heading")}</h2>
          {summary.courses.length === 0 ? (
            <p className={styles.empty}>{t("offline.none")}</p>
          ) : (
            <ul className={styles.list}>
              {summary.courses.map(({ course, bytes, decks }) => (
                <li key={course.id} className={styles.item}>
                  <div className={styles.itemText}>
                    <Link to={localePath(`/courses/${course.id}`)}>{course.name}</Link>
                    <span className={styles.meta}>
                      {t("offline.course_meta", {
                        decks: t("offline.decks_count", { count: decks }),
                        size: size(bytes),
                      })}
                    </span>
                  </div>
                  <Button
                    size="small"
                    variant="secondary"
                    className={styles.remove}
                    aria-label={t("offline.remove_label", { name: course.name })}
                    onClick={() => void remove(removeCourse(course.id))}
                  >
                    {t("offline.remove")}
                  </Button>
                </li>
              ))}
            </ul>
          )}
          <h2 className={styles.heading}>{t("offline.recent_heading")}</h2>
          <p className={styles.empty}>{t("offline.recent_hint")}</p>
          {summary.recentDecks.length === 0 ? (
            <p className={styles.empty}>{t("offline.no_recent")}</p>
          ) : (
            <ul className={styles.list}>
              {summary.recentDecks.map(({ deck, bytes }) => (
                <li key={deck.id} className={styles.item}>
                  <div className={styles.itemText}>
                    <Link to={localePath(`/courses/${deck.courseId}/decks/${deck.id}`)}>{deck.name}</Link>
                    <span className={styles.meta}>
                      {t("offline.deck_meta", { course: deck.courseName, size: size(bytes) })}
                    </span>
                  </div>
                  <Button
                    size="small"
                    variant="secondary"
                    className={styles.remove}
                    aria-label={t("offline.remove_label", { name: deck.name })}
                    onClick={() => void remove(removeRecentDeck(deck.id))}
                  >
                    {t("offline.remove")}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Page>
  );
}
