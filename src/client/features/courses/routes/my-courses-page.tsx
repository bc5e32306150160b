import { useTranslation } from "react-i18next";
import { Page } from "../../../components/page";

export function MyCoursesPage() {
  const { t } = useTranslation();
  return <Page title={t("pages.my_courses")} />;
}
