/**
 * Who is asking, at the cost of at most one indexed statement (decision 0014):
 *
 * - no session cookie: nobody, without touching the database (most reads are anonymous);
 * - a session cookie whose signature does not check out: nobody, again without the database;
 * - otherwise one prepared lookup of the unexpired session row and its user. Sign-out, a password
 *   change and a reset delete session rows, so they end a session on the very next request.
 *
 * The cookie is Better Auth's own (its name and signing secret come from the auth context), signed
 * as better-call signs it: `token.base64(HMAC-SHA256(secret, token))`. Refreshing a session's expiry
 * stays with Better Auth's get-session, which the web client calls regularly.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { AUTH_MESSAGES } from "../auth";
import { type Database, preparedOnce } from "../db/client";
import { sessions, users } from "../db/schema";
import type { AppEnv } from "./app-env";
import { HttpError } from "./errors";
import type { SessionUser } from "./session-user";

const cache = new WeakMap<Request, Promise<SessionUser | null>>();
const tokens = new WeakMap<Request, Promise<string | null>>();

interface CookieSettings {
  name: string;
  secret: string;
}
const settings = new WeakMap<object, Promise<CookieSettings>>();

function cookieSettings(auth: AppEnv["Variables"]["auth"]): Promise<CookieSettings> {
  let found = settings.get(auth);
  if (!found) {
    found = auth.$context.then((ctx) => ({ name: ctx.authCookies.sessionToken.name, secret: ctx.secret }));
    settings.set(auth, found);
  }
  return found;
}

function cookieValue(header: string, name: string): string | undefined {
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/** The session token of a signed cookie value, or null when it is not one this server signed. */
export function verifySignedToken(raw: string, secret: string): string | null {
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1), "base64");
  const expected = createHmac("sha256", secret).update(token).digest();
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null;
}

/** The verified session token of this request's cookie, or null; no database involved. */
export function sessionToken<E extends AppEnv>(c: Context<E>): Promise<string | null> {
  const header = c.req.header("cookie");
  if (!header?.includes("session_token=")) return Promise.resolve(null);
  let pending = tokens.get(c.req.raw);
  if (!pending) {
    pending = cookieSettings((c.var as AppEnv["Variables"]).auth).then(({ name, secret }) => {
      const raw = cookieValue(header, name);
      return raw ? verifySignedToken(raw, secret) : null;
    });
    tokens.set(c.req.raw, pending);
  }
  return pending;
}

function prepareLookup(db: Database, name: string) {
  return db
    .select({ id: users.id, email: users.email })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.token, sql.placeholder("token")), gt(sessions.expiresAt, sql`now()`)))
    .prepare(name);
}

/** The user of an unexpired session, in one prepared statement. */
export async function userOfSession(db: Database, token: string): Promise<SessionUser | null> {
  const [user] = await preparedOnce(db, "session_user", (name) => prepareLookup(db, name)).execute({ token });
  return user ?? null;
}

/** The signed-in user of this request, or null; looked up once per request, and only with a session cookie. */
export function currentUser<E extends AppEnv>(c: Context<E>): Promise<SessionUser | null> {
  let pending = cache.get(c.req.raw);
  if (!pending) {
    const db = (c.var as AppEnv["Variables"]).db;
    pending = sessionToken(c).then((token) => (token ? userOfSession(db, token) : null));
    cache.set(c.req.raw, pending);
  }
  return pending;
}

/** The signed-in user, or a 401 in the one error shape. */
export async function requireUser<E extends AppEnv>(c: Context<E>): Promise<SessionUser> {
  const user = await currentUser(c);
  if (!user) throw new HttpError("unauthenticated", AUTH_MESSAGES.notAuthenticated);
  return user;
}

/** For routes that need a signed-in user: 401 before anything else runs, else `c.var.user`. */
export const signedIn = createMiddleware<AppEnv & { Variables: { user: SessionUser } }>(async (c, next) => {
  c.set("user", await requireUser(c));
  await next();
});
