import type { Database } from "@server/db/client";
import { contactSubmissions } from "@server/db/schema";
import { HttpError } from "@server/http/errors";
import { CONTACT_COOLDOWN_MINUTES } from "@shared/limits";
import { and, eq, gt, sql } from "drizzle-orm";

export const CONTACT_COOLDOWN_MESSAGE = "You must wait 30 minutes before submitting another form.";

/**
 * One message per user per 30 minutes. A per-user transaction lock makes the check and the insert
 * one step, so two messages sent at the same moment cannot both pass.
 */
export async function submitContact(db: Database, userId: string, message: string) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`contact:${userId}`}))`);
    const recent = await tx
      .select({ id: contactSubmissions.id })
      .from(contactSubmissions)
      .where(
        and(
          eq(contactSubmissions.userId, userId),
          gt(contactSubmissions.createdAt, sql`now() - make_interval(mins => ${CONTACT_COOLDOWN_MINUTES})`),
        ),
      )
      .limit(1);
    if (recent.length > 0) throw new HttpError("rate_limited", CONTACT_COOLDOWN_MESSAGE);
    await tx.insert(contactSubmissions).values({ userId, submission: message });
  });
  return { ok: true as const };
}
