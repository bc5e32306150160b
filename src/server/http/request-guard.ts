/**
 * The first check on every API request, before any handler or library sees it:
 * - a write's body, when it has one, is JSON (`application/json`): the one format the client sends,
 *   so every limiter and validator reads what the auth library reads, and HTML forms from other
 *   sites cannot post to us;
 * - the body is valid UTF-8 and well-formed JSON;
 * - no text anywhere (path, query, JSON strings and keys) holds a NUL character, which PostgreSQL
 *   cannot store, or a lone surrogate, which would be silently stored as U+FFFD.
 * Failures answer 400 in the one error shape, so nothing is written.
 */

import { hasForbiddenCharacters } from "@shared/schemas/text";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./app-env";
import { errorResponse } from "./errors";

const BODYLESS_METHODS = new Set(["GET", "HEAD", "OPTIONS", "DELETE"]);

function containsForbiddenText(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return hasForbiddenCharacters(value);
  if (depth > 64 || value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) return value.some((item) => containsForbiddenText(item, depth + 1));
  return Object.entries(value).some(
    ([key, item]) => hasForbiddenCharacters(key) || containsForbiddenText(item, depth + 1),
  );
}

function decodedUrlIsClean(url: string): boolean {
  const { pathname, search } = new URL(url);
  try {
    return !hasForbiddenCharacters(decodeURIComponent(pathname)) && !hasForbiddenCharacters(decodeURIComponent(search));
  } catch {
    return false; // a malformed percent-encoding, such as %E0%A4%A
  }
}

const isJson = (contentType: string | undefined) =>
  /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(contentType ?? "");

export const requestGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!decodedUrlIsClean(c.req.url)) {
    return errorResponse(
      c,
      "invalid_request",
      "The address holds characters that are not allowed (NUL, bad encoding).",
    );
  }
  if (BODYLESS_METHODS.has(c.req.method)) return next();

  // Cloned, so the auth library can still read the original body.
  const bytes = new Uint8Array(await c.req.raw.clone().arrayBuffer());
  if (bytes.length === 0) return next(); // e.g. POST /api/progress/:deckId carries no body
  if (!isJson(c.req.header("content-type"))) {
    return errorResponse(c, "invalid_request", "The request body must be JSON (Content-Type: application/json).");
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    return errorResponse(c, "invalid_request", "The request body is not valid JSON in UTF-8.");
  }
  if (containsForbiddenText(parsed)) {
    return errorResponse(
      c,
      "invalid_request",
      "The request holds characters that are not allowed (NUL or an unpaired surrogate).",
    );
  }
  return next();
};
