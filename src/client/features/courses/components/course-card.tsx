import type { ReactNode } from "react";
import { Link } from "react-router";
import {
  CARD_DESCRIPTION_TRUNCATE,
  CARD_DESCRIPTION_TRUNCATE_SEARCH,
  CARD_NAME_TRUNCATE,
  CARD_NAME_TRUNCATE_SEARCH,
} from "../../../../shared/limits";
import type { CourseSummary } from "../../../../shared/schemas/course";
import { useLocalePath } from "../../../app/use-language";
import { truncate } from "../../../lib/truncate";
import styles from "./course-card.module.css";

interface CourseCardProps {
  course: CourseSummary;
  /** Search results allow longer names and descriptions (spec section 2). */
  variant?: "default" | "search";
  children?: ReactNode;
}

/** A course in a grid; the whole card opens the course page. */
export function CourseCard({ course, variant = "default", children }: CourseCardProps) {
  const localePath = useLocalePath();
  const search = variant === "search";
  return (
    <li className={styles.card}>
      <Link to={localePath(`/courses/${course.id}`)} state={{ courseName: course.name }} className={styles.link}>
        <h3 className={styles.name} title={course.name}>
          {truncate(course.name, search ? CARD_NAME_TRUNCATE_SEARCH : CARD_NAME_TRUNCATE)}
        </h3>
        {course.description && (
          <p className={styles.description}>
            {truncate(course.description, search ? CARD_DESCRIPTION_TRUNCATE_SEARCH : CARD_DESCRIPTION_TRUNCATE)}
          </p>
        )}
        {children}
      </Link>
    </li>
  );
}
