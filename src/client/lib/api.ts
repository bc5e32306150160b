/**
 * The one way replies are turned into data or an ApiError. The typed client itself is in
 * api-client.ts, so that pages making no typed call (the landing page) do not download it.
 */

import { type ApiErrorBody, type ApiIssue, type ErrorCode, isApiErrorBody } from "@shared/errors";
import type { ClientResponse } from "hono/client";

/**
 * A failed request. `message` is English, for the console; what the person sees is the translation
 * of each issue's key, else of `errors.<code>` (form-alert.tsx).
 */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode | "network",
    message: string,
    readonly status: number,
    /** A finer cause from the server, such as EMAIL_NOT_VERIFIED. */
    readonly reason?: string,
    /** What to correct, per field: translation keys (src/shared/errors.ts). */
    readonly issues: readonly ApiIssue[] = [],
    /** The server's Retry-After (a 429 or 503), in seconds. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

// biome-ignore lint/suspicious/noExplicitAny: matches any status and format
type SuccessBody<R> = R extends ClientResponse<infer Body, any, any> ? Exclude<Body, ApiErrorBody> : never;

async function errorFrom(response: Response | ClientResponse<unknown>): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  const retryAfter = Number(response.headers.get("retry-after") ?? Number.NaN);
  const retryAfterSeconds = Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : undefined;
  if (isApiErrorBody(body)) {
    const { code, message, reason, issues } = body.error;
    return new ApiError(code, message, response.status, reason, issues, retryAfterSeconds);
  }
  return new ApiError("internal", `Unexpected reply (${response.status}).`, response.status);
}

/** Awaits a request, returning the JSON body or throwing an ApiError in the one error shape. */
// biome-ignore lint/suspicious/noExplicitAny: any Hono client response
export async function unwrap<R extends ClientResponse<unknown, any, any>>(
  request: Promise<R>,
): Promise<SuccessBody<R>> {
  let response: R;
  try {
    response = await request;
  } catch {
    throw new ApiError("network", "Could not reach the server.", 0);
  }
  if (response.ok) return (await response.json()) as SuccessBody<R>;
  throw await errorFrom(response);
}

/** For endpoints outside the typed client (the auth library's): JSON in, JSON out, same errors. */
export async function fetchJson<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      headers: init.body === undefined ? undefined : { "content-type": "application/json" },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: "same-origin",
    });
  } catch {
    throw new ApiError("network", "Could not reach the server.", 0);
  }
  if (response.ok) return (await response.json()) as T;
  throw await errorFrom(response);
}
