import { useTranslation } from "react-i18next";
import { Page } from "../../../components/page";

export function TestPage() {
  const { t } = useTranslation();
  return <Page title={t("pages.test")} />;
}
