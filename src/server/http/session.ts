import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { AUTH_MESSAGES } from "../auth";
import type { AppEnv } from "./app-env";
import { HttpError } from "./errors";

export interface SessionUser {
  id: string;
  email: string;
}

const cache = new WeakMap<Request, Promise<SessionUser | null>>();

/** The signed-in user of this request, or null; looked up once per request. */
export function currentUser<E extends AppEnv>(c: Context<E>): Promise<SessionUser | null> {
  let pending = cache.get(c.req.raw);
  if (!pending) {
    pending = (c.var as AppEnv["Variables"]).auth.api
      .getSession({ headers: c.req.raw.headers })
      .then((session) => (session ? { id: session.user.id, email: session.user.email } : null));
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
