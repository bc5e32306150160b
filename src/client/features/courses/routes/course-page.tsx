import { useTranslation } from "react-i18next";
import { Link, useLocation, useParams } from "react-router";
import { useLocalePath } from "../../../app/use-language";
import { Loading } from "../../../components/loading";
import { Page } from "../../../components/page";
import { ApiError } from "../../../lib/api";
import { useCourse } from "../api/get-course";
import styles from "./course-page.module.css";

export function CoursePage() {
  const { courseId = "" } = useParams();
  const { t } = useTranslation();
  const localePath = useLocalePath();
  // The name may arrive as navigation state, so the heading shows before the data.
  const passedName = (useLocation().state as { courseName?: string } | null)?.courseName;
  const { data: course, error, isPending } = useCourse(courseId);

  if (error) {
    const notFound = error instanceof ApiError && (error.code === "not_found" || error.code === "invalid_request");
    return (
      <Page title={t("pages.course")}>
        <p role="alert">{notFound ? t("course.not_found") : t("course.load_failed")}</p>
      </Page>
    );
  }

  return (
    <Page title={course?.name ?? passedName ?? t("pages.course")}>
      {isPending ? (
        <Loading />
      ) : (
        <>
          {course.description && <p className={styles.description}>{course.description}</p>}
          <ol className={styles.decks}>
            {course.decks.map((deck) => (
              <li key={deck.id}>
                <Link to={localePath(`/courses/${course.id}/decks/${deck.id}`)} className={styles.deck}>
                  {deck.level}. {deck.name}
                </Link>
              </li>
            ))}
          </ol>
          {course.tags.length > 0 && (
            <ul className={styles.tags}>
              {course.tags.map((tag) => (
                <li key={tag} className={styles.tag}>
                  {tag}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Page>
  );
}
