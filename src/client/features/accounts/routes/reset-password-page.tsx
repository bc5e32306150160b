import { useTranslation } from "react-i18next";
import { Page } from "../../../components/page";

export function ResetPasswordPage() {
  const { t } = useTranslation();
  return <Page title={t("pages.reset_password")} />;
}
