import { useTranslation } from "react-i18next";
import { Page } from "../../../components/page";

export function FollowedCoursesPage() {
  const { t } = useTranslation();
  return <Page title={t("pages.followed_courses")} />;
}
