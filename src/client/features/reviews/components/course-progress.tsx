import { buttonClass } from "@client/components/button";
import { Link } from "@client/components/link";
import { useLocalePath } from "@client/lib/use-language";
import type { CourseDetail } from "@shared/schemas/course";
import { todaysReviewCount } from "@shared/schemas/review";
import { useTranslation } from "react-i18next";
import { useReviewSummary } from "../api/get-review-queue";
import { ExamDate } from "./exam-date";
import styles from "./progress.module.css";

/**
 * A signed-in learner's place in a course: decks passed, cards studied and learned, the first deck not yet
 * passed, and the course's own review with what is due. Its own chunk: visitors never load it.
 */
export function CourseProgress({ course }: { course: CourseDetail }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const { data: summary } = useReviewSummary({ courseId: course.id }, true);
  const passed = new Set(course.viewer?.passedDeckIds ?? []);
  const total = course.decks.length;
  const passedCount = course.decks.filter((deck) => passed.has(deck.id)).length;
  const next = course.decks.find((deck) => !passed.has(deck.id));
  const due = summary ? todaysReviewCount(summary) : null;
  if (total === 0) return null;

  return (
    <section className={styles.progress} aria-labelledby="course-progress">
      <h2 id="course-progress" className={styles.heading}>
        {t("progress.heading")}
      </h2>
      <div className={styles.barRow}>
        <progress className={styles.bar} max={total} value={passedCount} aria-labelledby="course-decks-passed" />
        <span id="course-decks-passed">{t("progress.decks_passed", { passed: passedCount, total })}</span>
      </div>
      {summary && (
        <p className={styles.detail}>
          {t("progress.cards_studied", {
            studied: summary.studied,
            total: summary.studied + summary.new,
            learned: summary.learned,
          })}
        </p>
      )}
      <div className={styles.actions}>
        {next && (
          <Link to={localePath(`/courses/${course.id}/decks/${next.id}`)} className={buttonClass()}>
            {t("progress.next_deck", { name: next.name })}
          </Link>
        )}
        <Link
          to={`${localePath("/review")}?course=${course.id}`}
          className={buttonClass({ variant: next ? "secondary" : "primary" })}
        >
          {due === null ? t("progress.review_course") : t("progress.review_course_due", { count: due })}
        </Link>
        {/* Any card of the course, due or not, with nothing written to the schedule (#23 item 4). */}
        <Link to={localePath(`/courses/${course.id}/practice`)} className={buttonClass({ variant: "secondary" })}>
          {t("course.practice")}
        </Link>
        <Link to={`${localePath("/stats")}?course=${course.id}`} className={buttonClass({ variant: "link" })}>
          {t("stats.link")}
        </Link>
      </div>
      <ExamDate courseId={course.id} />
    </section>
  );
}
