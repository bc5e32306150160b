/**
 * The one error shape every API reply uses (docs/decisions/0017-error-contract.md):
 * `{ error: { code, message, reason?, issues? } }`.
 * - `code` says what kind of failure it is; the web client shows `errors.<code>` when nothing finer is known.
 * - `message` is a plain English sentence for logs and API users; never shown translated, never a key.
 * - `reason` is the auth library's finer machine-readable cause where one exists (EMAIL_NOT_VERIFIED…).
 * - `issues` say what to show the person: a translation key (with its interpolation params) for the
 *   field at `path` (an empty path is the request as a whole).
 */
import type { z } from "zod";

export const errorCodes = [
  "invalid_request",
  "unauthenticated",
  "forbidden",
  "not_found",
  "conflict",
  "too_large",
  "rate_limited",
  "internal",
  "unavailable",
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export interface ApiIssue {
  /** Where in the request, as zod names it: `["cards", 3, "question"]`. */
  path: (string | number)[];
  /** A key of the translation files, such as `validation.course_name_required`. */
  key: string;
  params?: Record<string, string | number>;
}

export interface ApiErrorBody {
  error: { code: ErrorCode; message: string; reason?: string; issues?: ApiIssue[] };
}

/** For zod issues that carry no key of ours: a wrong type, an id that is not a number… */
export const INVALID_VALUE_KEY = "validation.invalid_value";

/** The shared schemas give their refusals a translation key as message; zod's own are English text. */
const TRANSLATION_KEY = /^[a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+$/;

/** The key to show for a zod message: the schema's own key, or `validation.invalid_value` for zod's English. */
export function messageKey(message: string): string {
  return TRANSLATION_KEY.test(message) ? message : INVALID_VALUE_KEY;
}

/** A zod failure as issues: the same on the server (validate.ts) and in the client's forms. */
export function issuesFromZod(issues: readonly z.core.$ZodIssue[]): ApiIssue[] {
  return issues.map((issue) => ({
    path: issue.path.map((part) => (typeof part === "number" ? part : String(part))),
    key: messageKey(issue.message),
  }));
}

function isIssue(value: unknown): value is ApiIssue {
  if (typeof value !== "object" || value === null) return false;
  const { path, key, params } = value as Partial<ApiIssue>;
  return (
    Array.isArray(path) &&
    path.every((part) => typeof part === "string" || typeof part === "number") &&
    typeof key === "string" &&
    (params === undefined || (typeof params === "object" && params !== null))
  );
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== "object" || value === null || !("error" in value)) return false;
  const error = (value as { error: unknown }).error;
  if (typeof error !== "object" || error === null) return false;
  const { code, message, issues } = error as Record<string, unknown>;
  return (
    errorCodes.includes(code as ErrorCode) &&
    typeof message === "string" &&
    (issues === undefined || (Array.isArray(issues) && issues.every(isIssue)))
  );
}
