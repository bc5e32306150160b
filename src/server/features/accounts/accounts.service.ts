import { eq } from "drizzle-orm";
import type { Language } from "../../../shared/limits";
import type { Profile } from "../../../shared/schemas/profile";
import type { Database } from "../../db/client";
import { userProfiles } from "../../db/schema";
import type { SessionUser } from "../../http/session";

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
