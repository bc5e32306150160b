import type { Database } from "@server/db/client";
import { userProfiles, verifications } from "@server/db/schema";
import type { SessionUser } from "@server/http/session-user";
import { type Language, THEME_CHOICES, type ThemeChoice } from "@shared/limits";
import type { Profile } from "@shared/schemas/profile";
import { and, eq, like, lte, ne } from "drizzle-orm";

const isThemeChoice = (value: unknown): value is ThemeChoice => (THEME_CHOICES as readonly unknown[]).includes(value);

/** The stored settings, as the profile reply shows them. */
const settings = {
  language: userProfiles.language,
  theme: userProfiles.theme,
  displayName: userProfiles.displayName,
};

function profileOf(
  user: SessionUser,
  row: { language: string | null; theme: string | null; displayName: string | null } | undefined,
): Profile {
  const language = row?.language === "en" || row?.language === "ja" ? row.language : null;
  const storedTheme = row?.theme;
  const theme = isThemeChoice(storedTheme) ? storedTheme : null;
  return { email: user.email, language, theme, displayName: row?.displayName ?? null };
}

export async function getProfile(db: Database, user: SessionUser): Promise<Profile> {
  const [row] = await db.select(settings).from(userProfiles).where(eq(userProfiles.userId, user.id));
  return profileOf(user, row);
}

/**
 * One setting of the profile, upserted: the row may not exist yet for a user created before
 * profiles were. Saving the same value again changes nothing further.
 */
async function saveSetting(db: Database, user: SessionUser, set: Partial<typeof userProfiles.$inferInsert>) {
  const [row] = await db
    .insert(userProfiles)
    .values({ userId: user.id, email: user.email, ...set })
    .onConflictDoUpdate({ target: userProfiles.userId, set })
    .returning(settings);
  return profileOf(user, row);
}

export function saveLanguage(db: Database, user: SessionUser, language: Language): Promise<Profile> {
  return saveSetting(db, user, { language });
}

export function saveTheme(db: Database, user: SessionUser, theme: ThemeChoice): Promise<Profile> {
  return saveSetting(db, user, { theme });
}

/** null clears it: the person's cards show no name again. */
export function saveDisplayName(db: Database, user: SessionUser, displayName: string | null): Promise<Profile> {
  return saveSetting(db, user, { displayName });
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
