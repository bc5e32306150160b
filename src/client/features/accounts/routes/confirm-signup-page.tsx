import { useTranslation } from "react-i18next";
import { Page } from "../../../components/page";

export function ConfirmSignupPage() {
  const { t } = useTranslation();
  return <Page title={t("pages.confirm_signup")} />;
}
