import { buttonClass } from "@client/components/button";
import styles from "@client/components/form.module.css";
import { FormAlert } from "@client/components/form-alert";
import { Link } from "@client/components/link";
import { Loading } from "@client/components/loading";
import { Page } from "@client/components/page";
import { sessionQuery } from "@client/core/session/get-session";
import { CONFIRM_SIGNUP_SUCCESS_REDIRECT_MS } from "@shared/limits";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";

/**
 * Where a mailed sign-in link lands (decision 0041): the server has signed the person in (then on
 * to the start page, paced as the confirmation page is), or sent `?error=` (an expired or used
 * link: the way back to signing in stays on screen until chosen).
 */
export function SignInLinkPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const linkFailed = params.has("error");
  // A fresh check: the link has just set the session cookie.
  const session = useQuery({ ...sessionQuery(), staleTime: 0, refetchInterval: false });
  const signedIn = !linkFailed && session.isSuccess && session.data !== null;
  const settled = linkFailed || !session.isPending;

  useEffect(() => {
    if (!settled || !signedIn) return;
    const timer = setTimeout(() => navigate("/", { replace: true }), CONFIRM_SIGNUP_SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [settled, signedIn, navigate]);

  return (
    <Page title={t("pages.sign_in_link")}>
      {!settled ? (
        <Loading label={t("sign_in_link.checking")} />
      ) : signedIn ? (
        <p className={styles.notice} role="status">
          {t("sign_in_link.signed_in")}
        </p>
      ) : (
        <div className={styles.form}>
          <FormAlert message={t("sign_in_link.failed")} />
          <p>
            <Link className={buttonClass()} to="/signin">
              {t("sign_in_link.sign_in_again")}
            </Link>
          </p>
        </div>
      )}
    </Page>
  );
}
