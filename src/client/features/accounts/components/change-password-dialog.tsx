import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button";
import { Dialog } from "../../../components/dialog";
import styles from "../../../components/form.module.css";
import { TextField } from "../../../components/text-field";
import { notify } from "../../../lib/notify";
import { changePassword } from "../api/change-password";
import { authErrorMessage } from "../auth-error-message";

export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()} title={t("change_password.title")}>
      {/* Mounted only while open, so the fields start empty each time. */}
      {open && <ChangePasswordForm onDone={onClose} />}
    </Dialog>
  );
}

function ChangePasswordForm({ onDone }: { onDone(): void }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [confirm, setConfirm] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!current || !next) return setError(t("auth.password_required"));
    if (next !== confirm) return setError(t("auth.passwords_do_not_match"));
    setBusy(true);
    setError(null);
    try {
      await changePassword({ currentPassword: current, newPassword: next });
      notify.success(t("change_password.success"));
      onDone();
    } catch (failure) {
      setError(authErrorMessage(failure, t, "change_password.password_change_failed"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      {error && (
        <p className={styles.alert} role="alert">
          {error}
        </p>
      )}
      <TextField
        label={t("change_password.current")}
        type="password"
        autoComplete="current-password"
        value={current}
        onChange={(e) => setCurrent(e.target.value)}
        required
      />
      <TextField
        label={t("change_password.new")}
        type="password"
        autoComplete="new-password"
        hint={t("auth.password_hint")}
        value={next}
        onChange={(e) => setNext(e.target.value)}
        required
      />
      <TextField
        label={t("change_password.confirm")}
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        required
      />
      <Button type="submit" block disabled={busy}>
        {busy ? t("change_password.submitting") : t("change_password.submit")}
      </Button>
    </form>
  );
}
