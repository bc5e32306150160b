import { useTranslation } from "react-i18next";
import { Page } from "../../../components/page";

export function CoursesInProgressPage() {
  const { t } = useTranslation();
  return <Page title={t("pages.courses_in_progress")} />;
}
