/** The dialogs opened through useAuthDialog() (auth-dialog.tsx), loaded on first use. */

import { Button } from "@client/components/button";
import { Dialog } from "@client/components/dialog";
import styles from "@client/components/form.module.css";
import { FormAlert } from "@client/components/form-alert";
import { TextField } from "@client/components/text-field";
import type { AuthMode } from "@client/core/session/auth-dialog";
import { ApiError } from "@client/lib/api";
import { chosenTheme } from "@client/lib/theme";
import { useLanguage } from "@client/lib/use-language";
import { forgotPasswordForm, signInForm, signUpForm } from "@shared/schemas/account";
import { useState } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { requestPasswordReset } from "../api/request-password-reset";
import { requestSignInLink } from "../api/request-sign-in-link";
import { signIn } from "../api/sign-in";
import { signUp } from "../api/sign-up";
import { authErrorMessage } from "../auth-error-message";
import { refuseCommonPassword } from "../common-password";
import { useAccountForm } from "../use-account-submit";
import { NewPasswordFields } from "./new-password-fields";

interface AuthDialogProps {
  initialMode?: AuthMode;
  onSignedIn(): Promise<void>;
  onClose(): void;
}

export function AuthDialog({ initialMode, onSignedIn, onClose }: AuthDialogProps) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<AuthMode>(initialMode ?? "signIn");
  const [sentTo, setSentTo] = useState<{ kind: "confirmation" | "reset" | "signInLink"; email: string } | null>(null);
  const titles: Record<AuthMode, string> = {
    signIn: t("auth.sign_in_title"),
    signUp: t("auth.sign_up_title"),
    forgot: t("auth.forgot_title"),
  };

  return (
    <Dialog open onOpenChange={(next) => !next && onClose()} title={titles[mode]}>
      {sentTo ? (
        <div className={styles.form}>
          <p className={styles.notice} role="status">
            {t(SENT_TEXTS[sentTo.kind], { email: sentTo.email })}
          </p>
          <Button onClick={onClose}>{t("common.close")}</Button>
        </div>
      ) : mode === "signIn" ? (
        <SignInForm
          onSignedIn={onSignedIn}
          onMode={setMode}
          onLinkSent={(email) => setSentTo({ kind: "signInLink", email })}
        />
      ) : mode === "signUp" ? (
        <SignUpForm onSent={(email) => setSentTo({ kind: "confirmation", email })} onMode={setMode} />
      ) : (
        <ForgotPasswordForm onSent={(email) => setSentTo({ kind: "reset", email })} onMode={setMode} />
      )}
    </Dialog>
  );
}

const SENT_TEXTS = {
  confirmation: "auth.confirmation_sent",
  reset: "auth.reset_sent",
  signInLink: "auth.sign_in_link_sent",
} as const;

interface FormProps {
  onMode(mode: AuthMode): void;
}

function SignInForm({
  onSignedIn,
  onMode,
  onLinkSent,
}: FormProps & { onSignedIn(): Promise<void>; onLinkSent(email: string): void }) {
  const { t } = useTranslation();
  // The account refused sign-ins for a while: offer the way in by mail (decision 0041).
  const [lockedEmail, setLockedEmail] = useState<string | null>(null);
  const { form, formRef, alert, fieldError, busy, submit } = useAccountForm<z.input<typeof signInForm>>(signInForm, {
    email: "",
    password: "",
  });
  const onSubmit = submit(async ({ email, password }) => {
    setLockedEmail(null);
    try {
      await signIn({ email, password });
    } catch (failure) {
      if (failure instanceof ApiError && failure.reason === "SIGN_IN_LOCKED") setLockedEmail(email.trim());
      throw failure;
    }
    void onSignedIn();
  });

  return (
    <form ref={formRef} className={styles.form} onSubmit={onSubmit} noValidate>
      <FormAlert message={alert} />
      {lockedEmail && <SignInLinkOffer email={lockedEmail} onSent={onLinkSent} />}
      <EmailField registration={form.register("email")} error={fieldError("email")} />
      <TextField
        label={t("auth.password")}
        type="password"
        autoComplete="current-password"
        {...form.register("password")}
        error={fieldError("password")}
        required
      />
      <Button type="submit" block disabled={busy}>
        {busy ? t("auth.signing_in") : t("auth.sign_in")}
      </Button>
      <div className={styles.actions}>
        <Button variant="link" onClick={() => onMode("forgot")}>
          {t("auth.forgot_password")}
        </Button>
      </div>
      <p className={styles.switch}>
        {t("auth.no_account")}{" "}
        <Button variant="link" onClick={() => onMode("signUp")}>
          {t("auth.sign_up")}
        </Button>
      </p>
    </form>
  );
}

/** Mails a sign-in link to the locked account's address; the dialog then says it was sent. */
function SignInLinkOffer({ email, onSent }: { email: string; onSent(email: string): void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const send = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await requestSignInLink(email);
      onSent(email);
    } catch (error) {
      setFailure(authErrorMessage(error, t));
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="secondary" block disabled={busy} onClick={send}>
        {busy ? t("auth.sending") : t("auth.send_sign_in_link")}
      </Button>
      <FormAlert message={failure} />
    </>
  );
}

function SignUpForm({ onSent, onMode }: FormProps & { onSent(email: string): void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { form, formRef, alert, fieldError, busy, submit } = useAccountForm<z.input<typeof signUpForm>>(signUpForm, {
    email: "",
    password: "",
    confirm: "",
  });
  const onSubmit = submit(async ({ email, password }) => {
    await refuseCommonPassword(password, "password");
    await signUp({ email, password, language, theme: chosenTheme() });
    onSent(email.trim().toLowerCase());
  });

  return (
    <form ref={formRef} className={styles.form} onSubmit={onSubmit} noValidate>
      <FormAlert message={alert} />
      <EmailField registration={form.register("email")} error={fieldError("email")} />
      <NewPasswordFields
        password={form.register("password")}
        confirm={form.register("confirm")}
        errors={{ password: fieldError("password"), confirm: fieldError("confirm") }}
        labels={{ password: t("auth.password"), confirm: t("auth.confirm_password") }}
      />
      <Button type="submit" block disabled={busy}>
        {busy ? t("auth.signing_up") : t("auth.sign_up")}
      </Button>
      <p className={styles.switch}>
        {t("auth.have_account")}{" "}
        <Button variant="link" onClick={() => onMode("signIn")}>
          {t("auth.sign_in")}
        </Button>
      </p>
    </form>
  );
}

function ForgotPasswordForm({ onSent, onMode }: FormProps & { onSent(email: string): void }) {
  const { t } = useTranslation();
  const { form, formRef, alert, fieldError, busy, submit } = useAccountForm<z.input<typeof forgotPasswordForm>>(
    forgotPasswordForm,
    { email: "" },
  );
  const onSubmit = submit(async ({ email }) => {
    await requestPasswordReset(email);
    onSent(email.trim());
  });

  return (
    <form ref={formRef} className={styles.form} onSubmit={onSubmit} noValidate>
      <p className={styles.hint}>{t("auth.forgot_intro")}</p>
      <FormAlert message={alert} />
      <EmailField registration={form.register("email")} error={fieldError("email")} />
      <Button type="submit" block disabled={busy}>
        {busy ? t("auth.sending") : t("auth.send_reset_link")}
      </Button>
      <Button variant="link" onClick={() => onMode("signIn")}>
        {t("auth.back_to_sign_in")}
      </Button>
    </form>
  );
}

export function SignInPrompt({ message, onClose, onSignIn }: { message: string; onClose(): void; onSignIn(): void }) {
  const { t } = useTranslation();
  return (
    <Dialog open onOpenChange={(next) => !next && onClose()} title={t("auth.sign_in_required_title")}>
      <div className={styles.form}>
        <p>{message}</p>
        <div className={styles.actions}>
          <Button onClick={onSignIn}>{t("auth.sign_in_sign_up")}</Button>
          <Button variant="secondary" onClick={onClose}>
            {t("common.cancel")}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

function EmailField({ registration, error }: { registration: UseFormRegisterReturn; error?: string }) {
  const { t } = useTranslation();
  return (
    <TextField label={t("auth.email")} type="email" autoComplete="email" {...registration} error={error} required />
  );
}
