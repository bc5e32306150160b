import { Hono, type MiddlewareHandler } from "hono";
import { languageBody } from "../../../shared/schemas/profile";
import type { AppEnv } from "../../http/app-env";
import { clientAddress } from "../../http/client-address";
import { codeForStatus, errorResponse } from "../../http/errors";
import { currentUser, requireUser } from "../../http/session";
import { validate } from "../../http/validate";
import { getProfile, saveLanguage } from "./accounts.service";
import { AUTH_LIMITS, hitRateLimit } from "./rate-limit";

/** The account an attempt is about: the signed-in user, or the email in the request body. */
async function accountOf(c: Parameters<MiddlewareHandler<AppEnv>>[0], endpoint: string): Promise<string | null> {
  if (endpoint === "/change-password") return (await currentUser(c))?.id ?? null;
  const body: unknown = await c.req.raw
    .clone()
    .json()
    .catch(() => null);
  const email = (body as { email?: unknown } | null)?.email;
  if (typeof email === "string" && email) return email.trim().toLowerCase();
  const token = (body as { token?: unknown } | null)?.token;
  return typeof token === "string" && token ? `token:${token}` : null;
}

const authRateLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  const endpoint = c.req.path.replace(/^\/api\/auth/, "");
  const limits = AUTH_LIMITS[endpoint];
  if (c.req.method !== "POST" || !limits) return next();

  const { db, config } = c.var;
  const waits = [await hitRateLimit(db, `ip:${endpoint}:${clientAddress(c, config.trustProxy)}`, limits.perIp)];
  const account = await accountOf(c, endpoint);
  if (account) waits.push(await hitRateLimit(db, `account:${endpoint}:${account}`, limits.perAccount));

  const wait = Math.max(...waits);
  if (wait > 0) {
    c.header("Retry-After", String(wait));
    return errorResponse(c, "rate_limited", "Too many attempts. Please wait a moment and try again.");
  }
  return next();
};

/**
 * Better Auth's endpoints (sign-up, sign-in, sign-out, session, passwords), behind our limits.
 * Its error replies (`{ code, message }`) are rewritten into the one error shape; its code becomes
 * the `reason`, and the message stays as it is (the spec shows provider messages as they come).
 */
export const authRoutes = new Hono<AppEnv>().on(["GET", "POST"], "/*", authRateLimit, async (c) => {
  const response = await c.var.auth.handler(c.req.raw);
  if (response.status < 400 || !response.headers.get("content-type")?.includes("application/json")) return response;
  const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
  const reply = errorResponse(c, codeForStatus(response.status), body.message ?? "Authentication failed.", body.code);
  for (const cookie of response.headers.getSetCookie()) reply.headers.append("set-cookie", cookie);
  return reply;
});

export const profileRoutes = new Hono<AppEnv>()
  .get("/", async (c) => c.json(await getProfile(c.var.db, await requireUser(c))))
  .put("/language", validate("json", languageBody), async (c) =>
    c.json(await saveLanguage(c.var.db, await requireUser(c), c.req.valid("json").language)),
  );
