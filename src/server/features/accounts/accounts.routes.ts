import { AUTH_MESSAGES } from "@server/auth";
import { databaseAnswers } from "@server/db/availability";
import type { AppEnv } from "@server/http/app-env";
import { clientAddress } from "@server/http/client-address";
import {
  codeForStatus,
  databaseAwayResponse,
  describeIssues,
  errorResponse,
  invalidRequest,
} from "@server/http/errors";
import { requireUser } from "@server/http/session";
import { validate } from "@server/http/validate";
import { englishText } from "@server/i18n";
import { type ApiIssue, INVALID_VALUE_KEY } from "@shared/errors";
import { displayNameBody, languageBody, themeBody } from "@shared/schemas/profile";
import { Hono, type MiddlewareHandler } from "hono";
import { getProfile, saveDisplayName, saveLanguage, saveTheme } from "./accounts.service";
import { runAuthRequest } from "./auth-request";
import { AUTH_LIMITS, hitRateLimit } from "./rate-limit";

/**
 * The per-address limit, before the auth library reads the body (the request guard has only
 * checked it: at most 512 KB of well-formed JSON, decision 0036). Per-account limits need the body and live in
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

/** The library's refusals that have a text of ours, and the field they concern (none: the request). */
const REASON_ISSUES: Record<string, { key: string; field?: "email" | "newPassword" | "currentPassword" }> = {
  INVALID_EMAIL: { key: "validation.email_invalid", field: "email" },
  USER_ALREADY_REGISTERED: { key: "auth.email_already_registered", field: "email" },
  EMAIL_NOT_VERIFIED: { key: "auth.email_not_verified" },
  INVALID_EMAIL_OR_PASSWORD: { key: "auth.invalid_credentials" },
  PASSWORD_TOO_SHORT: { key: "auth.password_length", field: "newPassword" },
  PASSWORD_TOO_LONG: { key: "auth.password_length", field: "newPassword" },
  PASSWORD_TOO_COMMON: { key: "auth.password_too_common", field: "newPassword" },
  INVALID_PASSWORD: { key: "change_password.wrong_current", field: "currentPassword" },
  INVALID_TOKEN: { key: "reset_password.invalid_token" },
  USER_NOT_AUTHENTICATED: { key: "auth.user_not_authenticated" },
  SIGN_IN_LOCKED: { key: "auth.sign_in_locked" },
};

/** Keys for the library's own schema failures on fields whose text says more than "not valid". */
const FIELD_KEYS: Record<string, string> = {
  email: "validation.email_invalid",
  password: "auth.password_required",
  newPassword: "auth.password_required",
  currentPassword: "auth.password_required",
};

/**
 * The library's schema failure names its fields only in its message, as
 * `[body.email] Invalid email address; [query.token] Invalid input: …`: the fields become issues,
 * zod's English texts are dropped.
 */
export function validationIssues(message: string): ApiIssue[] {
  const paths = [...message.matchAll(/\[(?:body|query)(?:\.([^\]]+))?\]/g)].map(([, path]) =>
    path ? path.split(".").map((part) => (/^\d+$/.test(part) ? Number(part) : part)) : [],
  );
  if (paths.length === 0) return [{ path: [], key: INVALID_VALUE_KEY }];
  return paths.map((path) => ({ path, key: FIELD_KEYS[String(path[0])] ?? INVALID_VALUE_KEY }));
}

/** What the person is shown for one of the library's error replies at this endpoint, if we know. */
function authIssues(endpoint: string, reason: string | undefined, message: string): ApiIssue[] | undefined {
  if (reason === "VALIDATION_ERROR") return validationIssues(message);
  const known = reason ? REASON_ISSUES[reason] : undefined;
  if (!known) return undefined;
  // Sign-up names its new password `password`; reset and change name it `newPassword`.
  const field = known.field === "newPassword" && endpoint === "/sign-up/email" ? "password" : known.field;
  return [{ path: field ? [field] : [], key: known.key }];
}

const CALLBACK_PARAMETERS = ["callbackURL", "errorCallbackURL", "newUserCallbackURL"] as const;

/** "/confirm-signup": yes; "//elsewhere", "/\\elsewhere", "https://elsewhere/", "*x": no. */
export function isPathOnThisSite(value: string, origin: string): boolean {
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return false;
  try {
    return new URL(value, origin).origin === new URL(origin).origin;
  } catch {
    return false;
  }
}

/**
 * Better Auth's endpoints (sign-up, sign-in, sign-out, session, passwords), behind our limits.
 * Its error replies (`{ code, message }`) are rewritten into the one error shape: its code becomes
 * the `reason`, the refusals we have a text for become `issues`, and its message stays as it is
 * (the spec shows provider messages as they come), except zod's texts of a schema failure.
 */
export const authRoutes = new Hono<AppEnv>().on(["GET", "POST"], "/*", authRateLimit, async (c) => {
  // The library builds a redirect from these and throws (500) on one that is not a URL
  // (`callbackURL=*x`): each must be a path on this site, as every link we send has.
  for (const name of CALLBACK_PARAMETERS) {
    const value = c.req.query(name);
    if (value !== undefined && !isPathOnThisSite(value, c.var.config.origin)) {
      throw invalidRequest([{ path: [name], key: INVALID_VALUE_KEY }]);
    }
  }
  const response = await c.var.auth.handler(c.req.raw);
  // The library catches database errors itself and answers 500; when the database is away, say so
  // (503, try again shortly), as every other route does.
  if (response.status >= 500 && !(await databaseAnswers(c.var.db))) return databaseAwayResponse(c);
  if (response.status < 400) return response;
  const code = codeForStatus(response.status);
  const isJson = response.headers.get("content-type")?.includes("application/json");
  const body = (isJson ? await response.json().catch(() => ({})) : {}) as { code?: string; message?: string };
  const issues = authIssues(c.req.path.replace(/^\/api\/auth/, ""), body.code, body.message ?? "");
  const message =
    body.code === "VALIDATION_ERROR" && issues
      ? describeIssues(issues)
      : (body.message ?? englishText(`errors.${code}`) ?? "Authentication failed.");
  const reply = errorResponse(c, code, message, { reason: body.code, issues });
  for (const cookie of response.headers.getSetCookie()) reply.headers.append("set-cookie", cookie);
  const retryAfter = response.headers.get("retry-after");
  if (retryAfter) reply.headers.set("retry-after", retryAfter);
  return reply;
});

export const profileRoutes = new Hono<AppEnv>()
  .get("/", async (c) => c.json(await getProfile(c.var.db, await requireUser(c))))
  .put("/language", validate("json", languageBody), async (c) =>
    c.json(await saveLanguage(c.var.db, await requireUser(c), c.req.valid("json").language)),
  )
  .put("/theme", validate("json", themeBody), async (c) =>
    c.json(await saveTheme(c.var.db, await requireUser(c), c.req.valid("json").theme)),
  )
  // An empty name or null clears it (the schema makes both null).
  .put("/display-name", validate("json", displayNameBody), async (c) =>
    c.json(await saveDisplayName(c.var.db, await requireUser(c), c.req.valid("json").displayName)),
  );
