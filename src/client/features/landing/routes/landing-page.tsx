import { useTranslation } from "react-i18next";
import { Loading } from "../../../components/loading";
import { Page } from "../../../components/page";
import { useMostFollowedCourses } from "../../courses/api/get-most-followed-courses";
import { CourseGrid } from "../../courses/components/course-grid";
import styles from "./landing-page.module.css";

export function LandingPage() {
  const { t } = useTranslation();
  const { data: courses, isPending, isError } = useMostFollowedCourses();
  return (
    <Page title={t("landing.headline")}>
      <p className={styles.tagline}>{t("app.tagline")}</p>
      <p className={styles.pitch}>{t("landing.pitch")}</p>
      <section aria-labelledby="most-followed-heading">
        <h2 id="most-followed-heading" className={styles.sectionTitle}>
          {t("landing.most_followed")}
        </h2>
        {isPending ? (
          <Loading />
        ) : isError || courses.length === 0 ? (
          <p>{t("landing.no_courses")}</p>
        ) : (
          <CourseGrid courses={courses} />
        )}
      </section>
    </Page>
  );
}
