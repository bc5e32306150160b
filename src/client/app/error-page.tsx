import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { Button, buttonClass } from "../components/button";
import { Page } from "../components/page";
import { ApiError } from "../lib/api";
import { useLocalePath } from "../lib/use-language";
import styles from "./status-page.module.css";

/**
 * What went wrong, in the person's language where it is about the server (an ApiError's message,
 * such as "Unexpected reply (500).", is English for the console). A fault in our own code keeps its
 * name and stack, which is what a bug report needs.
 */
function describe(error: unknown, t: TFunction): string {
  if (isRouteErrorResponse(error)) return t("theme.error_status", { status: error.status });
  if (error instanceof ApiError) {
    const text = t(`errors.${error.code}`);
    return error.status > 0 ? `${text}\n${t("theme.error_status", { status: error.status })}` : text;
  }
  if (error instanceof Error) return `${error.name}: ${error.message}\n${error.stack ?? ""}`;
  return String(error);
}

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
        <pre>{describe(error, t)}</pre>
      </details>
    </Page>
  );
}
