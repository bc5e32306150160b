import { buttonClass } from "@client/components/button";
import { Link } from "@client/components/link";
import { useLocalePath } from "@client/lib/use-language";
import { todaysReviewCount } from "@shared/schemas/review";
import { useTranslation } from "react-i18next";
import { useReviewSummary } from "../api/get-review-queue";
import styles from "./due-today.module.css";

/** Whether a time falls on the same calendar day as now, on this device. */
function laterToday(iso: string | null): iso is string {
  if (!iso) return false;
  const at = new Date(iso);
  return at.toDateString() === new Date().toDateString();
}

/**
 * Home's first line for a learner: how many cards today's review holds (the very cards the review
 * session shows: due now, or scheduled in days and due before the day ends; decision 0021), and
 * the way in. Learning steps later today are not counted until their time: the line says when.
 */
export function DueToday() {
  const { t, i18n } = useTranslation();
  const localePath = useLocalePath();
  const { data } = useReviewSummary({}, true);
  if (!data) return <div className={styles.placeholder} aria-hidden="true" />;
  const count = todaysReviewCount(data);
  return (
    <section className={styles.dueToday} aria-labelledby="due-today">
      <div>
        <h2 id="due-today" className={styles.count}>
          {t("review.due_today", { count })}
        </h2>
        <p className={styles.detail}>
          {count > 0
            ? t("review.due_detail", { due: data.dueToday, fresh: data.newToday })
            : laterToday(data.nextDueAt)
              ? t("review_today.later_today", {
                  time: new Intl.DateTimeFormat(i18n.language, { timeStyle: "short" }).format(new Date(data.nextDueAt)),
                })
              : data.studied > 0
                ? t("review.due_none")
                : t("review.due_nothing_yet")}
        </p>
      </div>
      {count > 0 && (
        <Link to={localePath("/review")} className={buttonClass()}>
          {t("review.start")}
        </Link>
      )}
    </section>
  );
}
