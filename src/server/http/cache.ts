/**
 * Caching of API reads (decision 0014). Public reads carry an ETag, a hash of the exact body, and
 * `Cache-Control: public, no-cache`: every use revalidates, so a change shows at once, and an
 * unchanged resource costs a 304 without a body. Personal reads are `private, no-store`.
 *
 * Hot reads get their JSON text straight from PostgreSQL, so the hash is taken over the bytes that
 * are sent, with no parse and stringify in between.
 */
import { createHash } from "node:crypto";
import type { Context, TypedResponse } from "hono";
import { createMiddleware } from "hono/factory";

export const PUBLIC_CACHE = "public, no-cache";
export const PERSONAL_CACHE = "private, no-store";

/** JSON text that parses to a `T`: keeps the typed client's response types through `sendJson`. */
export type JsonText<T> = string & { readonly __json?: T };

export function etagOf(body: string): string {
  return `"${createHash("sha1").update(body).digest("base64url")}"`;
}

/** Whether an If-None-Match header names this ETag (weak or strong, in a list, or `*`). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((candidate) => {
    const tag = candidate.trim();
    return (tag.startsWith("W/") ? tag.slice(2) : tag) === etag;
  });
}

/**
 * Answers with a JSON text. Public: ETag and 304 on a match. Personal (it depends on who asks):
 * never stored. `varyOnCookie` marks public replies whose signed-in variant differs.
 */
export function sendJson<T>(
  c: Context,
  body: JsonText<T>,
  { personal = false, varyOnCookie = false }: { personal?: boolean; varyOnCookie?: boolean } = {},
): Response & TypedResponse<T, 200, "json"> {
  return respond(c, body, personal, varyOnCookie) as Response & TypedResponse<T, 200, "json">;
}

function respond(c: Context, body: string, personal: boolean, varyOnCookie: boolean): Response {
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    "Cache-Control": personal ? PERSONAL_CACHE : PUBLIC_CACHE,
  };
  if (varyOnCookie) headers.Vary = "Cookie";
  if (personal) return c.body(body, 200, headers);
  const etag = etagOf(body);
  headers.ETag = etag;
  if (matchesEtag(c.req.header("if-none-match"), etag)) return c.body(null, 304, headers);
  return c.body(body, 200, headers);
}

/** For paths of personal data (app.ts): whatever the handler answers is never stored by any cache. */
export const personalReads = createMiddleware(async (c, next) => {
  await next();
  // Set on the reply itself: c.header() after next() would rebuild it as a full web Response.
  c.res.headers.set("Cache-Control", PERSONAL_CACHE);
});
