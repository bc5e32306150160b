import type { CourseCardSummary, MyCourseSummary } from "@shared/schemas/course";
import { CourseCard } from "./course-card";
import styles from "./course-card.module.css";

export function CourseGrid({ courses, label }: { courses: (CourseCardSummary | MyCourseSummary)[]; label?: string }) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {courses.map((course) => (
        <CourseCard key={course.id} course={course} />
      ))}
    </ul>
  );
}
