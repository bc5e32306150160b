import styles from "@client/components/form.module.css";
import { FormAlert } from "@client/components/form-alert";
import { Loading } from "@client/components/loading";
import { Page } from "@client/components/page";
import { sessionQuery } from "@client/core/session/get-session";
import { CONFIRM_SIGNUP_FAILURE_REDIRECT_MS, CONFIRM_SIGNUP_SUCCESS_REDIRECT_MS } from "@shared/limits";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";

/** Where the confirmation link lands: signed in means confirmed. Then on to the start page. */
export function ConfirmSignupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // A fresh check: the link has just set the session cookie.
  const session = useQuery({ ...sessionQuery(), staleTime: 0, refetchInterval: false });
  const confirmed = session.isSuccess && session.data !== null;
  const settled = !session.isPending;

  useEffect(() => {
    if (!settled) return;
    const delay = confirmed ? CONFIRM_SIGNUP_SUCCESS_REDIRECT_MS : CONFIRM_SIGNUP_FAILURE_REDIRECT_MS;
    const timer = setTimeout(() => navigate("/", { replace: true }), delay);
    return () => clearTimeout(timer);
  }, [settled, confirmed, navigate]);

  return (
    <Page title={t("pages.confirm_signup")}>
      {!settled ? (
        <Loading label={t("confirm_signup.checking")} />
      ) : confirmed ? (
        <p className={styles.notice} role="status">
          {t("confirm_signup.email_confirmed")}
        </p>
      ) : (
        <FormAlert message={t("confirm_signup.email_confirm_failed")} />
      )}
    </Page>
  );
}
