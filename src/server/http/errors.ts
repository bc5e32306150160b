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

export function errorResponse(c: Context, code: ErrorCode, message: string) {
  const body: ApiErrorBody = { error: { code, message } };
  return c.json(body, statusByCode[code]);
}
