import { useTranslation } from "react-i18next";
import { CourseListScreen } from "../components/course-list-screen";

export function CoursesInProgressPage() {
  const { t } = useTranslation();
  return <CourseListScreen list="in-progress" title={t("pages.courses_in_progress")} empty={t("home.no_progress")} />;
}
