/**
 * The typed API client (Hono RPC) and the one way replies are turned into data or an ApiError.
 */
import { type ClientResponse, hc } from "hono/client";
import type { ApiType } from "../../server/app";
import { type ApiErrorBody, type ErrorCode, isApiErrorBody } from "../../shared/errors";

export const api = hc<ApiType>("/api");

export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode | "network",
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

// biome-ignore lint/suspicious/noExplicitAny: matches any status and format
type SuccessBody<R> = R extends ClientResponse<infer Body, any, any> ? Exclude<Body, ApiErrorBody> : never;

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
  const body: unknown = await response.json().catch(() => null);
  if (isApiErrorBody(body)) throw new ApiError(body.error.code, body.error.message, response.status);
  throw new ApiError("internal", `Unexpected reply (${response.status}).`, response.status);
}
