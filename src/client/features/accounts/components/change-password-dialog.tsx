import { Button } from "@client/components/button";
import { Dialog } from "@client/components/dialog";
import styles from "@client/components/form.module.css";
import { FormAlert } from "@client/components/form-alert";
import { TextField } from "@client/components/text-field";
import { notify } from "@client/lib/notify";
import { changePasswordForm } from "@shared/schemas/account";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { changePassword } from "../api/change-password";
import { refuseCommonPassword } from "../common-password";
import { useAccountForm } from "../use-account-submit";
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
  const { form, formRef, alert, fieldError, busy, submit } = useAccountForm<z.input<typeof changePasswordForm>>(
    changePasswordForm,
    { currentPassword: "", newPassword: "", confirm: "" },
    "change_password.password_change_failed",
  );
  const onSubmit = submit(async ({ currentPassword, newPassword }) => {
    await refuseCommonPassword(newPassword, "newPassword");
    await changePassword({ currentPassword, newPassword });
    notify.success(t("change_password.success_others_signed_out"));
    onDone();
  });

  return (
    <form ref={formRef} className={styles.form} onSubmit={onSubmit} noValidate>
      <FormAlert message={alert} />
      <TextField
        label={t("change_password.current")}
        type="password"
        autoComplete="current-password"
        {...form.register("currentPassword")}
        error={fieldError("currentPassword")}
        required
      />
      <NewPasswordFields
        password={form.register("newPassword")}
        confirm={form.register("confirm")}
        errors={{ password: fieldError("newPassword"), confirm: fieldError("confirm") }}
        labels={{ password: t("change_password.new"), confirm: t("change_password.confirm") }}
      />
      <Button type="submit" block disabled={busy}>
        {busy ? t("change_password.submitting") : t("change_password.submit")}
      </Button>
    </form>
  );
}
