/**
 * Accounts through Better Auth: email and password with email confirmation, password reset by
 * mailed link, sessions in the database behind HttpOnly cookies. Mounted at /api/auth/*.
 */

import {
  type Language,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  SIGN_IN_LINK_MINUTES,
  type ThemeChoice,
} from "@shared/limits";
import { signInLinkRequest } from "@shared/schemas/account";
import { themeChoice } from "@shared/schemas/profile";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
// The plugin's own entry, not "better-auth/plugins": start-up loads only what it uses.
import { magicLink } from "better-auth/plugins/magic-link";
import { eq, sql } from "drizzle-orm";
import type { AppConfig } from "./config";
import type { Database } from "./db/client";
import { accounts, rateLimits, sessions, userProfiles, users, verifications } from "./db/schema";
import { deleteOlderResetTokens, deleteResetTokens } from "./features/accounts/accounts.service";
import { currentAuthRequest } from "./features/accounts/auth-request";
import { isCommonPassword, PASSWORD_TOO_COMMON } from "./features/accounts/common-passwords";
import { AUTH_LIMITS, hitRateLimit, minutes } from "./features/accounts/rate-limit";
import { admitSignIn, rememberAddress, settleSignIn, trustMailboxOwner } from "./features/accounts/sign-in-guard";
import { mayMailSignInLink, SIGN_IN_LINK_REPLY, signInLinkUrl } from "./features/accounts/sign-in-link";
import { mailText } from "./i18n";
import type { Mailer } from "./mail";

/** Messages of our own refusals; the first two are fixed by the spec (section 8). */
export const AUTH_MESSAGES = {
  alreadyRegistered: "User already registered",
  notAuthenticated: "User not authenticated.",
  rateLimited: "Too many attempts. Please wait a moment and try again.",
  signInLocked:
    "Too many failed sign-ins for this account. Wait a few minutes, or have a sign-in link sent to your email to sign in now.",
} as const;

/** A confirmation mail re-sent by signing in to an unconfirmed account goes at most this often. */
const SIGN_IN_CONFIRMATION_MAIL = { max: 1, windowSeconds: minutes(5) };

const SESSION_DAYS = 7;

export interface AuthOptions {
  db: Database;
  config: AppConfig;
  mailer: Mailer;
}

function toLanguage(value: unknown): Language | undefined {
  return value === "en" || value === "ja" ? value : undefined;
}

/**
 * The colour scheme a visitor chose before signing up, if the body has one (decision 0035). Checked
 * by the before-hook (a bad one refuses the sign-up), so the profile hook only reads it.
 */
function signUpTheme(body: unknown): ThemeChoice | undefined {
  const value = body && typeof body === "object" ? (body as Record<string, unknown>).theme : undefined;
  const parsed = themeChoice.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** A string field of a request body as the library parsed it (JSON and form bodies alike). */
function field(body: unknown, name: string): string | undefined {
  const value = body && typeof body === "object" ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === "string" && value ? value : undefined;
}

function tooManyAttempts(wait: number, locked = false) {
  return new APIError(
    "TOO_MANY_REQUESTS",
    locked ? { message: AUTH_MESSAGES.signInLocked, code: "SIGN_IN_LOCKED" } : { message: AUTH_MESSAGES.rateLimited },
    { "Retry-After": String(wait) },
  );
}

export function createAuth({ db, config, mailer }: AuthOptions) {
  const languageOf = async (userId: string) =>
    toLanguage(
      (
        await db.select({ language: userProfiles.language }).from(userProfiles).where(eq(userProfiles.userId, userId))
      )[0]?.language,
    );

  return betterAuth({
    appName: "Flashcards",
    baseURL: `${config.origin}/api/auth`,
    secret: config.authSecret,
    trustedOrigins: config.trustedOrigins,
    telemetry: { enabled: false },
    logger: { level: "error" },
    onAPIError: {
      // Refusals (a wrong password, a lockout, bad input) are answers, not faults: logging each one
      // would let an attacker flood the log. Faults (the database away, a bug) are still logged.
      onError(error) {
        if (isAPIError(error) && error.status !== "INTERNAL_SERVER_ERROR") return;
        console.error("[auth]", error);
      },
    },
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications, rateLimit: rateLimits },
    }),
    // Our own limiter (features/accounts/rate-limit.ts) counts per IP and per account.
    rateLimit: { enabled: false },
    session: {
      expiresIn: SESSION_DAYS * 24 * 60 * 60,
      // Sliding sessions: a session used after a day is extended.
      updateAge: 24 * 60 * 60,
    },
    advanced: {
      useSecureCookies: config.origin.startsWith("https://"),
      defaultCookieAttributes: { sameSite: "lax", httpOnly: true },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      ...(config.passwordHashing ? { password: config.passwordHashing } : {}),
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      async onPasswordReset({ user }) {
        // A used link takes every other pending one with it.
        await deleteResetTokens(db, user.id);
        const address = currentAuthRequest()?.address;
        if (address) await trustMailboxOwner(db, user, address);
      },
      async sendResetPassword({ user, token }) {
        const link = `${config.origin}/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(user.email)}`;
        const language = await languageOf(user.id);
        await mailer.send({
          to: user.email,
          subject: mailText(language, "reset_subject"),
          body: mailText(language, "reset_body", { link }),
          links: [link],
        });
      },
    },
    plugins: [
      // The way in during a lockout (decision 0041): a link mailed to a confirmed account's address.
      // Whether to mail is decided in the before-hook; the reply is the same either way.
      magicLink({
        expiresIn: SIGN_IN_LINK_MINUTES * 60,
        disableSignUp: true,
        storeToken: "hashed",
        async sendMagicLink({ email, token }) {
          const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
          if (!user) return;
          const link = signInLinkUrl(config.origin, token);
          const language = await languageOf(user.id);
          await mailer.send({
            to: email,
            subject: mailText(language, "sign_in_link_subject"),
            body: mailText(language, "sign_in_link_body", {
              link,
              signInLinkMinutes: String(SIGN_IN_LINK_MINUTES),
            }),
            links: [link],
          });
        },
      }),
    ],
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      async sendVerificationEmail({ user, url }) {
        // Signing in to an unconfirmed account re-sends the link; repeated sign-ins must not flood the inbox.
        if (currentAuthRequest()?.path === "/sign-in/email") {
          const wait = await hitRateLimit(db, `mail:sign-in-confirmation:${user.id}`, SIGN_IN_CONFIRMATION_MAIL);
          if (wait > 0) return;
        }
        // Every confirmation link ends on the confirm page, which says what happened; a sign-in's
        // resent link would otherwise carry the sign-in request's callback (the landing page).
        const link = new URL(url);
        link.searchParams.set("callbackURL", "/confirm-signup");
        const language = await languageOf(user.id);
        await mailer.send({
          to: user.email,
          subject: mailText(language, "confirm_subject"),
          body: mailText(language, "confirm_body", { link: link.href }),
          links: [link.href],
        });
      },
    },
    databaseHooks: {
      user: {
        create: {
          // The profile keeps the language chosen at sign-up, so mail arrives in it, and the colour
          // scheme chosen before it, so another browser takes it at sign-in (decision 0035).
          async after(user, context) {
            const language = toLanguage((context?.body as { language?: unknown } | undefined)?.language) ?? null;
            const theme = signUpTheme(context?.body) ?? null;
            await db
              .insert(userProfiles)
              .values({ userId: user.id, email: user.email, language, theme })
              .onConflictDoNothing();
          },
        },
      },
      verification: {
        create: {
          // Issuing a reset token makes the user's older ones worthless: only the newest link works.
          async after(verification) {
            if (verification.identifier.startsWith("reset-password:")) await deleteOlderResetTokens(db, verification);
          },
        },
      },
      session: {
        create: {
          // Spec: a users row is created on first sign-in when missing.
          async after(session) {
            // Every new session (sign-in, confirmed email, changed password) makes its address known.
            const request = currentAuthRequest();
            if (request?.path === "/magic-link/verify") {
              // The link proved the mailbox, as a reset does: this address's failures are forgiven.
              const [user] = await db
                .select({ id: users.id, email: users.email })
                .from(users)
                .where(eq(users.id, session.userId));
              if (user) await trustMailboxOwner(db, user, request.address);
            } else if (request) await rememberAddress(db, session.userId, request.address);
            await db
              .insert(userProfiles)
              .values({
                userId: session.userId,
                email: sql`(select ${users.email} from ${users} where ${users.id} = ${session.userId})`,
              })
              .onConflictDoNothing();
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const request = currentAuthRequest();
        const body: unknown = ctx.body;

        if (ctx.path === "/change-password" && !(await getSessionFromCtx(ctx))) {
          throw new APIError("UNAUTHORIZED", {
            message: AUTH_MESSAGES.notAuthenticated,
            code: "USER_NOT_AUTHENTICATED",
          });
        }

        // The colour scheme is optional at sign-up; one that is not a choice is refused like any
        // other invalid field (400, an issue at `theme`), before it uses up any tries.
        const themeGiven = body && typeof body === "object" && "theme" in body;
        if (ctx.path === "/sign-up/email" && themeGiven && signUpTheme(body) === undefined) {
          throw new APIError("BAD_REQUEST", { message: "[body.theme] Invalid option", code: "VALIDATION_ERROR" });
        }

        const newPassword =
          ctx.path === "/sign-up/email"
            ? field(body, "password")
            : ctx.path === "/reset-password" || ctx.path === "/change-password"
              ? field(body, "newPassword")
              : undefined;
        // Before the per-account limits: picking a common password should not use up tries.
        // Lengths are the library's to refuse (with their own reasons); the list has short entries too.
        const inLength =
          newPassword && newPassword.length >= PASSWORD_MIN_LENGTH && newPassword.length <= PASSWORD_MAX_LENGTH;
        if (inLength && isCommonPassword(newPassword)) throw new APIError("BAD_REQUEST", PASSWORD_TOO_COMMON);

        // Per-account limits read the body as the library parsed it, so its format cannot dodge them.
        const email = field(body, "email")?.toLowerCase();
        // (Only our route calls the handler, and it always sets the request's facts.)
        if (ctx.path === "/sign-in/email" && email && request) {
          const admission = await admitSignIn(db, email, request.address);
          if (admission.wait > 0) throw tooManyAttempts(admission.wait, true);
          request.signInCharges = admission.charges;
        }
        // Every request gets the same reply; only a confirmed account within its mail count gets a
        // link (and a token stored). The email is lower-cased, so the link's record matches the account.
        // A malformed email goes on to the library, which refuses it (400, an issue at `email`).
        if (ctx.path === "/sign-in/magic-link" && email && signInLinkRequest.safeParse({ email }).success) {
          if (!(await mayMailSignInLink(db, email))) return SIGN_IN_LINK_REPLY;
          return { context: { body: { ...(body as object), email } } };
        }
        const perAccount = AUTH_LIMITS[ctx.path]?.perAccount;
        if (perAccount) {
          const token = field(body, "token") ?? field(ctx.query, "token");
          const account =
            ctx.path === "/change-password"
              ? (await getSessionFromCtx(ctx))?.user.id
              : (email ?? (token ? `token:${token}` : undefined));
          const wait = account ? await hitRateLimit(db, `account:${ctx.path}:${account}`, perAccount) : 0;
          if (wait > 0) throw tooManyAttempts(wait);
        }

        if (ctx.path === "/sign-up/email" && email) {
          const known = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
          if (known.length > 0) {
            throw new APIError("UNPROCESSABLE_ENTITY", {
              message: AUTH_MESSAGES.alreadyRegistered,
              code: "USER_ALREADY_REGISTERED",
            });
          }
        }

        // A changed password ends every other session, whatever the client asked for.
        if (ctx.path === "/change-password") {
          return { context: { body: { ...(body as object), revokeOtherSessions: true } } };
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        const returned = ctx.context.returned;
        const failed = isAPIError(returned);
        const request = currentAuthRequest();
        if (ctx.path === "/sign-in/email" && request?.signInCharges) {
          const charges = request.signInCharges;
          request.signInCharges = undefined;
          const wrongPassword = failed && returned.body?.code === "INVALID_EMAIL_OR_PASSWORD";
          await settleSignIn(db, charges, wrongPassword ? "wrong-password" : failed ? "other" : "signed-in");
        }
        // A new password also voids pending reset links (they were for the old one).
        const userId = (returned as { user?: { id?: unknown } } | undefined)?.user?.id;
        if (ctx.path === "/change-password" && !failed && typeof userId === "string") {
          await deleteResetTokens(db, userId);
        }
      }),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
