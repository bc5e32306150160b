import type { TFunction } from "i18next";
import { ApiError } from "../../lib/api";

/** Causes the server names that have a translated text; other provider messages show as they come. */
const translatedReasons: Record<string, string> = {
  USER_ALREADY_REGISTERED: "auth.email_already_registered",
  EMAIL_NOT_VERIFIED: "auth.email_not_verified",
  INVALID_EMAIL_OR_PASSWORD: "auth.invalid_credentials",
  PASSWORD_TOO_SHORT: "auth.password_length",
  PASSWORD_TOO_LONG: "auth.password_length",
  PASSWORD_TOO_COMMON: "auth.password_too_common",
  INVALID_TOKEN: "reset_password.invalid_token",
  INVALID_PASSWORD: "change_password.wrong_current",
  USER_NOT_AUTHENTICATED: "auth.user_not_authenticated",
};

/** The text to show for a failed account request; `fallbackKey` when nothing better is known. */
export function authErrorMessage(error: unknown, t: TFunction, fallbackKey = "auth.authentication_failed"): string {
  if (!(error instanceof ApiError)) return t(fallbackKey);
  // A locked sign-in says what the owner can do about it.
  if (error.code === "rate_limited" && error.reason === "SIGN_IN_LOCKED") return t("auth.sign_in_locked");
  if (error.code === "network" || error.code === "rate_limited") return t(`errors.${error.code}`);
  const key = error.reason ? translatedReasons[error.reason] : undefined;
  if (key) return t(key);
  return error.message || t(fallbackKey);
}
