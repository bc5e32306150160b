/**
 * The one error shape every API reply uses: `{ error: { code, message } }`.
 * `message` is English for API users; the web client shows the translation of `errors.<code>`.
 */
export const errorCodes = [
  "invalid_request",
  "unauthenticated",
  "forbidden",
  "not_found",
  "conflict",
  "rate_limited",
  "internal",
  "unavailable",
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export interface ApiErrorBody {
  /** `reason` is a finer machine-readable cause where one exists (for example EMAIL_NOT_VERIFIED). */
  error: { code: ErrorCode; message: string; reason?: string };
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== "object" || value === null || !("error" in value)) return false;
  const error = (value as { error: unknown }).error;
  return typeof error === "object" && error !== null && "code" in error && "message" in error;
}
