import { type MemoryCounts, todaysReviewCount } from "@shared/schemas/review";
import { useTranslation } from "react-i18next";
import type { Formats } from "../lib/shape";
import styles from "./stats.module.css";

/**
 * The day's figures, the very ones Home, Review and the course and deck pages show (one server
 * definition, decision 0048), with what each word means.
 */
export function TodayFigures({ today, f }: { today: MemoryCounts; f: Formats }) {
  const { t } = useTranslation();
  const figures = [
    { key: "due", label: t("stats.today_due"), value: todaysReviewCount(today) },
    { key: "due-now", label: t("stats.today_due_now"), value: today.dueNow },
    { key: "new", label: t("stats.today_new"), value: today.new },
    { key: "learning", label: t("stats.today_learning"), value: today.learning },
    { key: "learned", label: t("stats.today_learned"), value: today.learned },
  ];
  return (
    <section className={styles.section} aria-labelledby="stats-today">
      <h2 id="stats-today" className={styles.sectionTitle}>
        {t("stats.today_title")}
      </h2>
      <dl className={styles.figures}>
        {figures.map((figure) => (
          <div key={figure.key} className={styles.figure} data-figure={figure.key}>
            <dt>{figure.label}</dt>
            <dd>{f.number(figure.value)}</dd>
          </div>
        ))}
      </dl>
      <p className={styles.summary}>
        {t("stats.today_due_detail", { due: f.number(today.dueToday), fresh: f.number(today.newToday) })}
      </p>
      <p className={styles.note}>{t("stats.today_note")}</p>
    </section>
  );
}
