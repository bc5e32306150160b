import type { Database } from "@server/db/client";
import { userProfiles, verifications } from "@server/db/schema";
import type { SessionUser } from "@server/http/session";
import type { Language } from "@shared/limits";
import type { Profile } from "@shared/schemas/profile";
import { and, eq, like, lte, ne } from "drizzle-orm";

export async function getProfile(db: Database, user: SessionUser): Promise<Profile> {
  const [row] = await db
    .select({ language: userProfiles.language })
    .from(userProfiles)
    .where(eq(userProfiles.userId, user.id));
  const language = row?.language === "en" || row?.language === "ja" ? row.language : null;
  return { email: user.email, language };
}

/** Upsert: the profile row may not exist yet for a user created before profiles were. */
export async function saveLanguage(db: Database, user: SessionUser, language: Language): Promise<Profile> {
  await db
    .insert(userProfiles)
    .values({ userId: user.id, email: user.email, language })
    .onConflictDoUpdate({ target: userProfiles.userId, set: { language } });
  return { email: user.email, language };
}

/** Better Auth keeps each reset token as a verification row `reset-password:<token>` whose value is the user id. */
const RESET_TOKEN_IDENTIFIER = "reset-password:%";

/** Deletes every password-reset token of the user: after a reset or a password change. */
export async function deleteResetTokens(db: Database, userId: string): Promise<void> {
  await db
    .delete(verifications)
    .where(and(eq(verifications.value, userId), like(verifications.identifier, RESET_TOKEN_IDENTIFIER)));
}

/**
 * Deletes the user's reset tokens issued before `newest`, so only the latest mailed link works.
 * Rows created after it stay: of two requests racing, the later token survives.
 */
export async function deleteOlderResetTokens(
  db: Database,
  newest: { id: string; value: string; createdAt: Date },
): Promise<void> {
  await db
    .delete(verifications)
    .where(
      and(
        eq(verifications.value, newest.value),
        like(verifications.identifier, RESET_TOKEN_IDENTIFIER),
        ne(verifications.id, newest.id),
        lte(verifications.createdAt, newest.createdAt),
      ),
    );
}
