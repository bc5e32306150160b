import { Button } from "@client/components/button";
import { Dialog } from "@client/components/dialog";
import styles from "@client/components/form.module.css";
import { FormAlert } from "@client/components/form-alert";
import { TextField } from "@client/components/text-field";
import { notify } from "@client/lib/notify";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { changePassword } from "../api/change-password";
import { refuseCommonPassword } from "../common-password";
import { useAccountSubmit } from "../use-account-submit";
import { NewPasswordFields } from "./new-password-fields";

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
  const { busy, error, fieldError, setError, run } = useAccountSubmit(async () => {
    await refuseCommonPassword(next, "newPassword");
    await changePassword({ currentPassword: current, newPassword: next });
    notify.success(t("change_password.success_others_signed_out"));
    onDone();
  }, "change_password.password_change_failed");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!current || !next) return setError(t("auth.password_required"));
    if (next !== confirm) return setError(t("auth.passwords_do_not_match"));
    void run();
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <FormAlert message={error} />
      <TextField
        label={t("change_password.current")}
        type="password"
        autoComplete="current-password"
        value={current}
        onChange={(e) => setCurrent(e.target.value)}
        error={fieldError("currentPassword")}
        required
      />
      <NewPasswordFields
        password={next}
        error={fieldError("newPassword")}
        confirm={confirm}
        onPassword={setNext}
        onConfirm={setConfirm}
        labels={{ password: t("change_password.new"), confirm: t("change_password.confirm") }}
      />
      <Button type="submit" block disabled={busy}>
        {busy ? t("change_password.submitting") : t("change_password.submit")}
      </Button>
    </form>
  );
}
