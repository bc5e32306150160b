/**
 * The first check on every API request, before any handler or library sees it, and before any
 * body byte is read unless the cheaper checks pass (decision 0036):
 * 1. the address holds no NUL, lone surrogate or broken percent-encoding;
 * 2. for signed-in-only endpoints that take large or many things (imports, answers), a signed-in
 *    session (401 otherwise, from the cookie alone when there is none);
 * 3. the body's size: a Content-Length over the endpoint's limit is refused at once, and a body
 *    without one (chunked) is counted as it arrives and refused the moment it passes the limit;
 * 4. a write's body, when it has one, is JSON (`application/json`): the one format the client
 *    sends, so every limiter and validator reads what the auth library reads, and HTML forms from
 *    other sites cannot post to us;
 * 5. nesting depth (a linear scan before JSON.parse), valid UTF-8, well-formed JSON, and no text
 *    (JSON strings and keys) holding a NUL, which PostgreSQL cannot store, or a lone surrogate,
 *    which would be silently stored as U+FFFD.
 * An import's body is read in a worker thread (json-body-pool.ts), at most two imports per user at a time.
 * Refusals use the one error shape, so nothing is written.
 */

import { API_MAX_BODY_BYTES } from "@shared/limits";
import { IMPORT_MAX_BODY_BYTES } from "@shared/schemas/imports";
import { hasForbiddenCharacters } from "@shared/schemas/text";
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "./app-env";
import { errorResponse, invalidRequest } from "./errors";
import { JSON_PROBLEM_MESSAGES, readJson } from "./json-body";
import type { WorkerSchema } from "./json-body.worker";
import { checkBodyInWorker } from "./json-body-pool";
import { requireUser } from "./session";

const BODYLESS_METHODS = new Set(["GET", "HEAD", "OPTIONS", "DELETE"]);

interface BodyRule {
  maxBytes: number;
  /** Sign-in is checked before the body is read. */
  signedInOnly: boolean;
  /** Read and validated in the worker thread against this schema. */
  worker?: WorkerSchema;
}

const DEFAULT_RULE: BodyRule = { maxBytes: API_MAX_BODY_BYTES, signedInOnly: false };
const IMPORT_RULE: BodyRule = { maxBytes: IMPORT_MAX_BODY_BYTES, signedInOnly: true, worker: "import" };
const REVIEWS_RULE: BodyRule = { maxBytes: API_MAX_BODY_BYTES, signedInOnly: true };

export function bodyRuleOf(path: string): BodyRule {
  const trimmed = path.replace(/\/+$/, "");
  if (trimmed === "/api/imports") return IMPORT_RULE;
  if (trimmed === "/api/reviews" || trimmed.startsWith("/api/reviews/")) return REVIEWS_RULE;
  return DEFAULT_RULE;
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

/**
 * The body's bytes, read from a copy (the auth library reads the original), or "too_large" as soon
 * as more than `maxBytes` have arrived; the rest is never read.
 */
async function readAtMost(c: Context<AppEnv>, maxBytes: number): Promise<Uint8Array | "too_large"> {
  const stream = c.req.raw.clone().body;
  if (!stream) return new Uint8Array(0);
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      // Not awaited: a copy's cancel settles only once the original is cancelled too.
      void reader.cancel().catch(() => {});
      return "too_large";
    }
    chunks.push(value);
  }
  if (chunks.length === 1 && chunks[0]) return chunks[0];
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** Refused with the connection closed after the reply, so the rest of the body is not taken in. */
function tooLarge(c: Context<AppEnv>, maxBytes: number) {
  c.header("Connection", "close");
  return errorResponse(c, "too_large", `The request is larger than ${Math.round(maxBytes / 1024)} KB.`);
}

/**
 * Imports under way (read, checked, stored) per user. Two, so that a resend while the first is
 * still under way (a flaky connection) is answered as a resend; more could fill the worker's queue.
 */
const IMPORTS_PER_USER_AT_ONCE = 2;
const importsInFlight = new Map<string, number>();

export const requestGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!decodedUrlIsClean(c.req.url)) {
    return errorResponse(
      c,
      "invalid_request",
      "The address holds characters that are not allowed (NUL, bad encoding).",
    );
  }
  if (BODYLESS_METHODS.has(c.req.method)) return next();

  const rule = bodyRuleOf(c.req.path);
  const user = rule.signedInOnly ? await requireUser(c) : null;
  const declared = Number(c.req.header("content-length") ?? Number.NaN);
  if (declared > rule.maxBytes) return tooLarge(c, rule.maxBytes);
  const contentType = c.req.header("content-type");
  if (declared > 0 && !isJson(contentType)) return notJsonType(c);

  if (user && rule.worker) {
    const running = importsInFlight.get(user.id) ?? 0;
    if (running >= IMPORTS_PER_USER_AT_ONCE) {
      c.header("Retry-After", "5");
      return errorResponse(c, "rate_limited", "Imports of yours are still under way: wait for them to finish.");
    }
    importsInFlight.set(user.id, running + 1);
    try {
      const bytes = await readAtMost(c, rule.maxBytes);
      if (bytes === "too_large") return tooLarge(c, rule.maxBytes);
      if (bytes.length === 0) return next();
      if (!isJson(contentType)) return notJsonType(c);
      const check = await checkBodyInWorker(bytes, rule.worker);
      if (check === "busy") {
        c.header("Retry-After", "5");
        return errorResponse(c, "unavailable", "The server is busy reading other imports. Please try again shortly.");
      }
      if (check.ok) return await accept(c, next, check.text);
      if (check.problem !== "invalid") return errorResponse(c, "invalid_request", JSON_PROBLEM_MESSAGES[check.problem]);
      const { code, message, issues } = invalidRequest(check.issues);
      return errorResponse(c, code, message, { issues });
    } finally {
      const left = (importsInFlight.get(user.id) ?? 1) - 1;
      if (left > 0) importsInFlight.set(user.id, left);
      else importsInFlight.delete(user.id);
    }
  }

  const bytes = await readAtMost(c, rule.maxBytes);
  if (bytes === "too_large") return tooLarge(c, rule.maxBytes);
  if (bytes.length === 0) return next(); // e.g. POST /api/progress/:deckId carries no body
  if (!isJson(contentType)) return notJsonType(c);
  const reading = readJson(bytes);
  if (!reading.ok) return errorResponse(c, "invalid_request", JSON_PROBLEM_MESSAGES[reading.problem]);
  return accept(c, next, reading.text);
};

const notJsonType = (c: Context<AppEnv>) =>
  errorResponse(c, "invalid_request", "The request body must be JSON (Content-Type: application/json).");

/**
 * A body read once: Hono's validators and the auth library's limiter take its text from the cache
 * (`c.req.json()` parses the cached text) instead of reading and decoding the stream again.
 */
function accept(c: Context<AppEnv>, next: () => Promise<void>, text: string) {
  // Hono keeps promises in the cache (its type says the values).
  c.req.bodyCache.text = Promise.resolve(text) as unknown as string;
  return next();
}
