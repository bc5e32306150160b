import { Link } from "react-router";
import type { CourseSummary } from "../../../../shared/schemas/course";
import { useLocalePath } from "../../../app/use-language";
import styles from "./course-card.module.css";

/** A course in a grid; the whole card opens the course page. */
export function CourseCard({ course }: { course: CourseSummary }) {
  const localePath = useLocalePath();
  return (
    <li className={styles.card}>
      <Link to={localePath(`/courses/${course.id}`)} state={{ courseName: course.name }} className={styles.link}>
        <h3 className={styles.name}>{course.name}</h3>
        {course.description && <p className={styles.description}>{course.description}</p>}
      </Link>
    </li>
  );
}
