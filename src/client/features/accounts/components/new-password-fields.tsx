import { TextField } from "@client/components/text-field";
import { useTranslation } from "react-i18next";
import { preloadCommonPasswords } from "../common-password";

interface NewPasswordFieldsProps {
  password: string;
  confirm: string;
  onPassword(value: string): void;
  onConfirm(value: string): void;
  labels: { password: string; confirm: string };
  /** The server's (or the common-password check's) text for the new password. */
  error?: string;
}

/** A new password with the length hint, and the same typed again. */
export function NewPasswordFields({ password, confirm, onPassword, onConfirm, labels, error }: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={labels.password}
        type="password"
        autoComplete="new-password"
        hint={t("auth.password_hint")}
        error={error}
        value={password}
        onChange={(e) => onPassword(e.target.value)}
        // Fetches the common-password list while the person types, ready for the check on submit.
        onFocus={() => void preloadCommonPasswords().catch(() => {})}
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
