import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { Page } from "../../../components/page";

export function SearchPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return <Page title={t("pages.search_results", { query: params.get("q") ?? "" })} />;
}
