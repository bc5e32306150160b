import { useTranslation } from "react-i18next";
import { CourseListScreen } from "../components/course-list-screen";
import { ImportLink } from "../components/import-link";

export function MyCoursesPage() {
  const { t } = useTranslation();
  return (
    <CourseListScreen list="courses" title={t("pages.my_courses")} empty={t("home.no_own")} actions={<ImportLink />} />
  );
}
