import { useState } from "react";
import { useTranslation } from "react-i18next";
import { authErrorMessage } from "./auth-error-message";

/**
 * Busy and error state for an account form: `run` disables the form while the request is out and
 * turns a failure into the text to show (`fallbackKey` when nothing better is known).
 */
export function useAccountSubmit(action: () => Promise<void>, fallbackKey?: string) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(authErrorMessage(failure, t, fallbackKey));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}
