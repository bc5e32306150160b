import { ApiError } from "@client/lib/api";
import type { TFunction } from "i18next";

/**
 * The text to show for a failed account request that names no issues (those the form shows per
 * field); `fallbackKey` when nothing better is known.
 */
export function authErrorMessage(error: unknown, t: TFunction, fallbackKey = "auth.authentication_failed"): string {
  if (!(error instanceof ApiError)) return t(fallbackKey);
  if (["network", "rate_limited", "internal", "unavailable"].includes(error.code)) return t(`errors.${error.code}`);
  // A refusal of the auth library that we have no text for: the spec shows provider messages as they come.
  if (error.reason && error.message) return error.message;
  return t(fallbackKey);
}
