import { Hono, type MiddlewareHandler } from "hono";
import { languageBody } from "../../../shared/schemas/profile";
import { AUTH_MESSAGES } from "../../auth";
import { databaseAnswers } from "../../db/availability";
import type { AppEnv } from "../../http/app-env";
import { clientAddress } from "../../http/client-address";
import { codeForStatus, databaseAwayResponse, errorResponse } from "../../http/errors";
import { requireUser } from "../../http/session";
import { validate } from "../../http/validate";
import { getProfile, saveLanguage } from "./accounts.service";
import { runAuthRequest } from "./auth-request";
import { AUTH_LIMITS, hitRateLimit } from "./rate-limit";

/**
 * The per-address limit, before the body is read. Per-account limits need the body and live in
 * Better Auth's before-hook (auth.ts), which sees it parsed whatever its format; the client address
 * travels there with the request (auth-request.ts).
 */
const authRateLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  const endpoint = c.req.path.replace(/^\/api\/auth/, "");
  const address = clientAddress(c, c.var.config.trustProxy);
  const limits = AUTH_LIMITS[endpoint];
  if (c.req.method === "POST" && limits) {
    const wait = await hitRateLimit(c.var.db, `ip:${endpoint}:${address}`, limits.perIp);
    if (wait > 0) {
      c.header("Retry-After", String(wait));
      return errorResponse(c, "rate_limited", AUTH_MESSAGES.rateLimited);
    }
  }
  return runAuthRequest({ address, path: endpoint }, next);
};

/**
 * Better Auth's endpoints (sign-up, sign-in, sign-out, session, passwords), behind our limits.
 * Its error replies (`{ code, message }`) are rewritten into the one error shape; its code becomes
 * the `reason`, and the message stays as it is (the spec shows provider messages as they come).
 */
export const authRoutes = new Hono<AppEnv>().on(["GET", "POST"], "/*", authRateLimit, async (c) => {
  const response = await c.var.auth.handler(c.req.raw);
  // The library catches database errors itself and answers 500; when the database is away, say so
  // (503, try again shortly), as every other route does.
  if (response.status >= 500 && !(await databaseAnswers(c.var.db))) return databaseAwayResponse(c);
  if (response.status < 400 || !response.headers.get("content-type")?.includes("application/json")) return response;
  const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
  const reply = errorResponse(c, codeForStatus(response.status), body.message ?? "Authentication failed.", body.code);
  for (const cookie of response.headers.getSetCookie()) reply.headers.append("set-cookie", cookie);
  const retryAfter = response.headers.get("retry-after");
  if (retryAfter) reply.headers.set("retry-after", retryAfter);
  return reply;
});

export const profileRoutes = new Hono<AppEnv>()
  .get("/", async (c) => c.json(await getProfile(c.var.db, await requireUser(c))))
  .put("/language", validate("json", languageBody), async (c) =>
    c.json(await saveLanguage(c.var.db, await requireUser(c), c.req.valid("json").language)),
  );
