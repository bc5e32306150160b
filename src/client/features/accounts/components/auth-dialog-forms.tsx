/** The dialogs opened through useAuthDialog() (auth-dialog.tsx), loaded on first use. */

import { Button } from "@client/components/button";
import { Dialog } from "@client/components/dialog";
import styles from "@client/components/form.module.css";
import { FormAlert } from "@client/components/form-alert";
import { TextField } from "@client/components/text-field";
import { useLanguage } from "@client/lib/use-language";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { requestPasswordReset } from "../api/request-password-reset";
import { signIn } from "../api/sign-in";
import { signUp } from "../api/sign-up";
import { refuseCommonPassword } from "../common-password";
import { useAccountSubmit } from "../use-account-submit";
import type { Mode } from "./auth-dialog";
import { NewPasswordFields } from "./new-password-fields";

interface AuthDialogProps {
  initialMode?: Mode;
  onSignedIn(): Promise<void>;
  onClose(): void;
}

export function AuthDialog({ initialMode, onSignedIn, onClose }: AuthDialogProps) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>(initialMode ?? "signIn");
  const [sentTo, setSentTo] = useState<{ kind: "confirmation" | "reset"; email: string } | null>(null);
  const titles: Record<Mode, string> = {
    signIn: t("auth.sign_in_title"),
    signUp: t("auth.sign_up_title"),
    forgot: t("auth.forgot_title"),
  };

  return (
    <Dialog open onOpenChange={(next) => !next && onClose()} title={titles[mode]}>
      {sentTo ? (
        <div className={styles.form}>
          <p className={styles.notice} role="status">
            {sentTo.kind === "confirmation"
              ? t("auth.confirmation_sent", { email: sentTo.email })
              : t("auth.reset_sent", { email: sentTo.email })}
          </p>
          <Button onClick={onClose}>{t("common.close")}</Button>
        </div>
      ) : mode === "signIn" ? (
        <SignInForm onSignedIn={onSignedIn} onMode={setMode} />
      ) : mode === "signUp" ? (
        <SignUpForm onSent={(email) => setSentTo({ kind: "confirmation", email })} onMode={setMode} />
      ) : (
        <ForgotPasswordForm onSent={(email) => setSentTo({ kind: "reset", email })} onMode={setMode} />
      )}
    </Dialog>
  );
}

interface FormProps {
  onMode(mode: Mode): void;
}

function SignInForm({ onSignedIn, onMode }: FormProps & { onSignedIn(): Promise<void> }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const { busy, error, fieldError, setError, run } = useAccountSubmit(async () => {
    await signIn({ email, password });
    void onSignedIn();
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return setError(t("auth.email_required"));
    if (!password) return setError(t("auth.password_required"));
    void run();
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <FormAlert message={error} />
      <EmailField value={email} onChange={setEmail} error={fieldError("email")} />
      <TextField
        label={t("auth.password")}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
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

function SignUpForm({ onSent, onMode }: FormProps & { onSent(email: string): void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const { busy, error, fieldError, setError, run } = useAccountSubmit(async () => {
    await refuseCommonPassword(password, "password");
    await signUp({ email, password, language });
    onSent(email.trim().toLowerCase());
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return setError(t("auth.email_required"));
    if (!password) return setError(t("auth.password_required"));
    if (password !== confirm) return setError(t("auth.passwords_do_not_match"));
    void run();
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <FormAlert message={error} />
      <EmailField value={email} onChange={setEmail} error={fieldError("email")} />
      <NewPasswordFields
        password={password}
        error={fieldError("password")}
        confirm={confirm}
        onPassword={setPassword}
        onConfirm={setConfirm}
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
  const [email, setEmail] = useState("");
  const { busy, error, fieldError, setError, run } = useAccountSubmit(async () => {
    await requestPasswordReset(email);
    onSent(email.trim());
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return setError(t("auth.enter_email_for_reset"));
    void run();
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <p className={styles.hint}>{t("auth.forgot_intro")}</p>
      <FormAlert message={error} />
      <EmailField value={email} onChange={setEmail} error={fieldError("email")} />
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

function EmailField({ value, onChange, error }: { value: string; onChange(value: string): void; error?: string }) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t("auth.email")}
      type="email"
      autoComplete="email"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
      required
    />
  );
}
