import { ImportLink } from "@client/features/imports/components/import-link";
import { useTranslation } from "react-i18next";
import { CourseListScreen } from "../components/course-list-screen";

export function MyCoursesPage() {
  const { t } = useTranslation();
  return (
    <CourseListScreen list="courses" title={t("pages.my_courses")} empty={t("home.no_own")} actions={<ImportLink />} />
  );
}
