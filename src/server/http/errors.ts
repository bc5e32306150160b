import type { ApiErrorBody, ApiIssue, ErrorCode } from "@shared/errors";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { englishText } from "../i18n";

const statusByCode: Record<ErrorCode, ContentfulStatusCode> = {
  invalid_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
};

const codeByStatus = new Map<number, ErrorCode>([
  ...(Object.entries(statusByCode) as [ErrorCode, number][]).map(([code, status]) => [status, code] as const),
  // The auth library answers a clash with stored data (an email already registered) with 422.
  [422, "conflict"],
]);

/** The error code for an HTTP status from elsewhere (the auth library, Hono): its own, else by class. */
export function codeForStatus(status: number): ErrorCode {
  return codeByStatus.get(status) ?? (status >= 500 ? "internal" : "invalid_request");
}

/** Thrown by services and routes; the app's error handler turns it into the one error shape. */
export class HttpError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues?: ApiIssue[],
  ) {
    super(message);
    this.name = "HttpError";
  }

  get status(): ContentfulStatusCode {
    return statusByCode[this.code];
  }
}

/** The English text of each issue, prefixed with its field: the `message` that goes with `issues`. */
export function describeIssues(issues: readonly ApiIssue[]): string {
  return issues
    .map(({ path, key, params }) => {
      const text = englishText(key, params) ?? "This value is not valid.";
      return path.length ? `${path.join(".")}: ${text}` : text;
    })
    .join(" ");
}

/** A 400 naming what to correct, for refusals the shared schemas cannot make alone. */
export function invalidRequest(issues: ApiIssue[]): HttpError {
  return new HttpError("invalid_request", describeIssues(issues), issues);
}

export function errorResponse(
  c: Context,
  code: ErrorCode,
  message: string,
  { reason, issues }: { reason?: string; issues?: ApiIssue[] } = {},
) {
  const body: ApiErrorBody = {
    error: { code, message, ...(reason && { reason }), ...(issues?.length && { issues }) },
  };
  return c.json(body, statusByCode[code]);
}

/** 503 while the database is away (restart, failover): clients may try again in a few seconds. */
export function databaseAwayResponse(c: Context) {
  c.header("Retry-After", "5");
  return errorResponse(c, "unavailable", "The database is not reachable right now. Please try again shortly.");
}
