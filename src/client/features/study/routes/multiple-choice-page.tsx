import { useTranslation } from "react-i18next";
import { Page } from "../../../components/page";

export function MultipleChoicePage() {
  const { t } = useTranslation();
  return <Page title={t("pages.multiple_choice")} />;
}
