import { useTranslation } from "react-i18next";
import { CourseListScreen } from "../components/course-list-screen";

export function FollowedCoursesPage() {
  const { t } = useTranslation();
  return <CourseListScreen list="followed" title={t("pages.followed_courses")} empty={t("home.no_followed")} />;
}
