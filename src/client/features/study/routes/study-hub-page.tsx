import { useTranslation } from "react-i18next";
import { Page } from "../../../components/page";

export function StudyHubPage() {
  const { t } = useTranslation();
  return <Page title={t("pages.study")} />;
}
