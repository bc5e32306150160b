import { useTranslation } from "react-i18next";
import { buttonClass } from "../components/button";
import { Link } from "../components/link";
import { Page } from "../components/page";
import { useLocalePath } from "../lib/use-language";
import styles from "./status-page.module.css";

export function NotFoundPage() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <Page title={t("not_found.title")}>
      <p className={styles.message}>{t("not_found.message")}</p>
      <Link to={localePath("/home")} className={buttonClass()}>
        {t("not_found.back_home")}
      </Link>
    </Page>
  );
}
