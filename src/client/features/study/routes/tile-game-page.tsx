import { useTranslation } from "react-i18next";
import { Page } from "../../../components/page";

export function TileGamePage() {
  const { t } = useTranslation();
  return <Page title={t("pages.tile_game")} />;
}
