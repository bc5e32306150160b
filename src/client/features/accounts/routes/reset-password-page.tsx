import { Button } from "@client/components/button";
import styles from "@client/components/form.module.css";
import { FormAlert } from "@client/components/form-alert";
import { Link } from "@client/components/link";
import { Page } from "@client/components/page";
import { ApiError } from "@client/lib/api";
import { useLocalePath } from "@client/lib/use-language";
import { resetPasswordForm } from "@shared/schemas/account";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import type { z } from "zod";
import { resetPassword } from "../api/reset-password";
import { refuseCommonPassword } from "../common-password";
import { NewPasswordFields } from "../components/new-password-fields";
import { useAccountForm } from "../use-account-submit";

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
          <FormAlert message={t("reset_password.invalid_link")} />
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
  const [expired, setExpired] = useState(false);
  const [done, setDone] = useState(false);
  const { form, formRef, alert, fieldError, busy, submit } = useAccountForm<z.input<typeof resetPasswordForm>>(
    resetPasswordForm,
    { newPassword: "", confirm: "" },
    "errors.internal",
  );
  const onSubmit = submit(async ({ newPassword }) => {
    setExpired(false);
    await refuseCommonPassword(newPassword, "newPassword");
    try {
      await resetPassword({ token, newPassword });
      setDone(true);
    } catch (failure) {
      setExpired(failure instanceof ApiError && failure.reason === "INVALID_TOKEN");
      throw failure;
    }
  });

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate("/signin"), AFTER_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  if (done) {
    return (
      <p className={styles.notice} role="status">
        {t("reset_password.password_changed_successfully")}
      </p>
    );
  }

  return (
    <form ref={formRef} className={styles.form} onSubmit={onSubmit} noValidate>
      <p className={styles.hint}>{t("reset_password.for_email", { email })}</p>
      <FormAlert message={alert} />
      {expired && <RequestNewLink />}
      <NewPasswordFields
        password={form.register("newPassword")}
        confirm={form.register("confirm")}
        errors={{ password: fieldError("newPassword"), confirm: fieldError("confirm") }}
        labels={{ password: t("reset_password.new_password"), confirm: t("reset_password.confirm_password") }}
      />
      <Button type="submit" disabled={busy}>
        {busy ? t("reset_password.submitting") : t("reset_password.submit")}
      </Button>
    </form>
  );
}
