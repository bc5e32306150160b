import { useTranslation } from "react-i18next";
import { TextField } from "../../../components/text-field";

interface NewPasswordFieldsProps {
  password: string;
  confirm: string;
  onPassword(value: string): void;
  onConfirm(value: string): void;
  labels: { password: string; confirm: string };
}

/** A new password with the length hint, and the same typed again. */
export function NewPasswordFields({ password, confirm, onPassword, onConfirm, labels }: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={labels.password}
        type="password"
        autoComplete="new-password"
        hint={t("auth.password_hint")}
        value={password}
        onChange={(e) => onPassword(e.target.value)}
        required
      />
      <TextField
        label={labels.confirm}
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => onConfirm(e.target.value)}
        required
      />
    </>
  );
}
