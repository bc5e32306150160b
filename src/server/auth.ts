/**
 * Accounts through Better Auth: email and password with email confirmation, password reset by
 * mailed link, sessions in the database behind HttpOnly cookies. Mounted at /api/auth/*.
 */
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { eq, sql } from "drizzle-orm";
import { type Language, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../shared/limits";
import type { AppConfig } from "./config";
import type { Database } from "./db/client";
import { accounts, rateLimits, sessions, userProfiles, users, verifications } from "./db/schema";
import { mailText } from "./i18n";
import type { Mailer } from "./mail";

/** Texts the spec fixes (section 8); the client shows them as they come. */
export const AUTH_MESSAGES = {
  alreadyRegistered: "User already registered",
  notAuthenticated: "User not authenticated.",
} as const;

const SESSION_DAYS = 7;

export interface AuthOptions {
  db: Database;
  config: AppConfig;
  mailer: Mailer;
}

function toLanguage(value: unknown): Language | undefined {
  return value === "en" || value === "ja" ? value : undefined;
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
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
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
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      async sendVerificationEmail({ user, url }) {
        const language = await languageOf(user.id);
        await mailer.send({
          to: user.email,
          subject: mailText(language, "confirm_subject"),
          body: mailText(language, "confirm_body", { link: url }),
          links: [url],
        });
      },
    },
    databaseHooks: {
      user: {
        create: {
          // The profile keeps the language chosen at sign-up, so mail arrives in it.
          async after(user, context) {
            const language = toLanguage((context?.body as { language?: unknown } | undefined)?.language) ?? null;
            await db
              .insert(userProfiles)
              .values({ userId: user.id, email: user.email, language })
              .onConflictDoNothing();
          },
        },
      },
      session: {
        create: {
          // Spec: a users row is created on first sign-in when missing.
          async after(session) {
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
        if (ctx.path === "/sign-up/email") {
          const email = String((ctx.body as { email?: unknown } | undefined)?.email ?? "").toLowerCase();
          const known = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
          if (known.length > 0) {
            throw new APIError("UNPROCESSABLE_ENTITY", {
              message: AUTH_MESSAGES.alreadyRegistered,
              code: "USER_ALREADY_REGISTERED",
            });
          }
        }
        if (ctx.path === "/change-password" && !(await getSessionFromCtx(ctx))) {
          throw new APIError("UNAUTHORIZED", {
            message: AUTH_MESSAGES.notAuthenticated,
            code: "USER_NOT_AUTHENTICATED",
          });
        }
      }),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
