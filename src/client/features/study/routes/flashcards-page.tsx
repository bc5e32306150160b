import { useTranslation } from "react-i18next";
import { Page } from "../../../components/page";

export function FlashcardsPage() {
  const { t } = useTranslation();
  return <Page title={t("pages.flashcards")} />;
}
