import { useFormErrors } from "@client/components/form-alert";
import { ApiError } from "@client/lib/api";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { authErrorMessage } from "./auth-error-message";

/**
 * Busy and error state for an account form: `run` disables the form while the request is out and
 * turns a failure into the texts to show: per field for the issues it names, else one text
 * (`fallbackKey` when nothing better is known).
 */
export function useAccountSubmit(action: () => Promise<void>, fallbackKey?: string) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const errors = useFormErrors();
  const run = async () => {
    setBusy(true);
    errors.showText(null);
    try {
      await action();
    } catch (failure) {
      if (failure instanceof ApiError && failure.issues.length) errors.showIssues(failure.issues);
      else errors.showText(authErrorMessage(failure, t, fallbackKey));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error: errors.alert, fieldError: errors.fieldError, setError: errors.showText, run };
}
