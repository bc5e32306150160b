import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ApiErrorBody, ErrorCode } from "../../shared/errors";

const statusByCode: Record<ErrorCode, ContentfulStatusCode> = {
  invalid_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
};

/** Thrown by services and routes; the app's error handler turns it into the one error shape. */
export class HttpError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "HttpError";
  }

  get status(): ContentfulStatusCode {
    return statusByCode[this.code];
  }
}

export function errorResponse(c: Context, code: ErrorCode, message: string, reason?: string) {
  const body: ApiErrorBody = { error: reason ? { code, message, reason } : { code, message } };
  return c.json(body, statusByCode[code]);
}

/** The error code for an HTTP status from elsewhere (the auth library). */
export function codeForStatus(status: number): ErrorCode {
  if (status === 400 || status === 422) return status === 422 ? "conflict" : "invalid_request";
  const found = (Object.entries(statusByCode) as [ErrorCode, number][]).find(([, s]) => s === status);
  return found?.[0] ?? (status >= 500 ? "internal" : "invalid_request");
}

/** 503 while the database is away (restart, failover): clients may try again in a few seconds. */
export function databaseAwayResponse(c: Context) {
  c.header("Retry-After", "5");
  return errorResponse(c, "unavailable", "The database is not reachable right now. Please try again shortly.");
}
