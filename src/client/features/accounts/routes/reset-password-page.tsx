import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useLocalePath } from "../../../app/use-language";
import { Button } from "../../../components/button";
import styles from "../../../components/form.module.css";
import { Page } from "../../../components/page";
import { TextField } from "../../../components/text-field";
import { ApiError } from "../../../lib/api";
import { resetPassword } from "../api/reset-password";
import { authErrorMessage } from "../auth-error-message";

const AFTER_SUCCESS_MS = 2000;

/** /reset-password?token=…&email=… from the recovery mail. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get("token");
  const email = params.get("email");

  return (
    <Page title={t("pages.reset_password")}>
      {token && email ? (
        <ResetPasswordForm token={token} email={email} />
      ) : (
        <div className={styles.form}>
          <p className={styles.alert} role="alert">
            {t("reset_password.invalid_link")}
          </p>
          <RequestNewLink />
        </div>
      )}
    </Page>
  );
}

function RequestNewLink() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <p>
      {t("reset_password.please_request_new_reset")}{" "}
      <Link to={localePath("/signin")}>{t("reset_password.request_new")}</Link>
    </p>
  );
}

function ResetPasswordForm({ token, email }: { token: string; email: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ text: string; expired: boolean } | null>(null);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate("/signin"), AFTER_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError({ text: t("auth.password_required"), expired: false });
    if (password !== confirm) return setError({ text: t("reset_password.passwords_do_not_match"), expired: false });
    setBusy(true);
    setError(null);
    try {
      await resetPassword({ token, newPassword: password });
      setDone(true);
    } catch (failure) {
      const expired = failure instanceof ApiError && failure.reason === "INVALID_TOKEN";
      setError({ text: authErrorMessage(failure, t, "errors.internal"), expired });
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <p className={styles.notice} role="status">
        {t("reset_password.password_changed_successfully")}
      </p>
    );
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <p className={styles.hint}>{t("reset_password.for_email", { email })}</p>
      {error && (
        <div className={styles.alert} role="alert">
          <p>{error.text}</p>
          {error.expired && <RequestNewLink />}
        </div>
      )}
      <TextField
        label={t("reset_password.new_password")}
        type="password"
        autoComplete="new-password"
        hint={t("auth.password_hint")}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        required
      />
      <TextField
        label={t("reset_password.confirm_password")}
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        required
      />
      <Button type="submit" disabled={busy}>
        {busy ? t("reset_password.submitting") : t("reset_password.submit")}
      </Button>
    </form>
  );
}
