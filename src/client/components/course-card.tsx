import { truncate } from "@client/lib/truncate";
import { useLocalePath } from "@client/lib/use-language";
import {
  CARD_DESCRIPTION_TRUNCATE,
  CARD_DESCRIPTION_TRUNCATE_SEARCH,
  CARD_NAME_TRUNCATE,
  CARD_NAME_TRUNCATE_SEARCH,
} from "@shared/limits";
import type { CourseCardSummary, MyCourseSummary } from "@shared/schemas/course";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import styles from "./course-card.module.css";
import { Link } from "./link";

interface CourseCardProps {
  /** The personal lists add the user's progress through the course. */
  course: CourseCardSummary & Partial<Pick<MyCourseSummary, "passedDecks">>;
  /** Search results allow longer names and descriptions (spec section 2). */
  variant?: "default" | "search";
  children?: ReactNode;
}

/** A course in a grid; the whole card opens the course page. */
export function CourseCard({ course, variant = "default", children }: CourseCardProps) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const { deckCount, passedDecks } = course;
  const progressId = `course-card-progress-${course.id}`;
  const search = variant === "search";
  return (
    <li className={styles.card}>
      <Link to={localePath(`/courses/${course.id}`)} state={{ courseName: course.name }} className={styles.link}>
        <h3 className={styles.name} title={course.name}>
          {truncate(course.name, search ? CARD_NAME_TRUNCATE_SEARCH : CARD_NAME_TRUNCATE)}
        </h3>
        {/* Only a name the owner chose (decision 0033): never the account's name or email. */}
        {course.ownerName && <p className={styles.owner}>{t("profile.by_owner", { name: course.ownerName })}</p>}
        {course.description && (
          <p className={styles.description}>
            {truncate(course.description, search ? CARD_DESCRIPTION_TRUNCATE_SEARCH : CARD_DESCRIPTION_TRUNCATE)}
          </p>
        )}
        <span className={styles.facts}>
          <span>{t("polish.decks", { count: deckCount })}</span>
          <span>{t("polish.cards", { count: course.cardCount })}</span>
          <span>{t("polish.followers", { count: course.followCount })}</span>
        </span>
        {passedDecks !== undefined && deckCount > 0 && (
          <span className={styles.progress}>
            <progress max={deckCount} value={passedDecks} aria-labelledby={progressId} />
            <span id={progressId}>{t("progress.decks_passed", { passed: passedDecks, total: deckCount })}</span>
          </span>
        )}
        {children}
      </Link>
    </li>
  );
}
