import { useTranslation } from "react-i18next";
import { useRouteError } from "react-router";
import { Button, buttonClass } from "../components/button";
import { Page } from "../components/page";
import { useLocalePath } from "../lib/use-language";
import { errorDetails } from "./error-details";
import styles from "./status-page.module.css";

/** Shown in place of a route that failed to load or render. */
export function ErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <Page title={t("error_page.title")}>
      <p className={styles.message}>{t("error_page.message")}</p>
      <div className={styles.actions}>
        <Button onClick={() => window.location.reload()}>{t("error_page.refresh")}</Button>
        {/* A full load, so a broken client state does not survive. */}
        <a href={localePath("/home")} className={buttonClass({ variant: "secondary" })}>
          {t("error_page.back_home")}
        </a>
      </div>
      <details className={styles.details}>
        <summary>{t("error_page.details")}</summary>
        <pre>{errorDetails(error, t)}</pre>
      </details>
    </Page>
  );
}
