import { TextField } from "@client/components/text-field";
import type { InputHTMLAttributes } from "react";
import { useTranslation } from "react-i18next";
import { preloadCommonPasswords } from "../common-password";

type InputProps = InputHTMLAttributes<HTMLInputElement>;

interface NewPasswordFieldsProps {
  /** The form's registration of each field (react-hook-form's `register(name)`). */
  password: InputProps;
  confirm: InputProps;
  labels: { password: string; confirm: string };
  errors: { password?: string; confirm?: string };
}

/** A new password with the length hint, and the same typed again. */
export function NewPasswordFields({ password, confirm, labels, errors }: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={labels.password}
        type="password"
        autoComplete="new-password"
        hint={t("auth.password_hint")}
        error={errors.password}
        {...password}
        // Fetches the common-password list while the person types, ready for the check on submit.
        onFocus={() => void preloadCommonPasswords().catch(() => {})}
        required
      />
      <TextField
        label={labels.confirm}
        type="password"
        autoComplete="new-password"
        error={errors.confirm}
        {...confirm}
        required
      />
    </>
  );
}
