import { buttonClass } from "@client/components/button";
import { useLocalePath } from "@client/lib/use-language";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useReviewSummary } from "../api/get-review-queue";
import styles from "./due-today.module.css";

/** Home's first line for a learner: how many cards today's review holds, and the way in. */
export function DueToday() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const { data } = useReviewSummary({}, true);
  if (!data) return <div className={styles.placeholder} aria-hidden="true" />;
  const count = data.dueToday + data.newToday;
  return (
    <section className={styles.dueToday} aria-labelledby="due-today">
      <div>
        <h2 id="due-today" className={styles.count}>
          {t("review.due_today", { count })}
        </h2>
        <p className={styles.detail}>
          {count > 0
            ? t("review.due_detail", { due: data.dueToday, fresh: data.newToday })
            : data.started > 0
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
