import type { Database } from "@server/db/client";
import { courses, decks, userProgress } from "@server/db/schema";
import { HttpError } from "@server/http/errors";
import type { SessionUser } from "@server/http/session-user";
import { eq } from "drizzle-orm";

/**
 * Marks the deck passed for the user; a second pass changes nothing. The course row is share-locked
 * first, then the deck row: the order of every write under a course (a course delete locks the
 * course, then its cascade the decks). Locking the deck first deadlocked with a course delete
 * (issue #21, item 12). A delete of the deck or its course running at the same moment either
 * finishes first (404) or waits for this pass to be written (and then removes it with the deck).
 */
export async function recordPass(db: Database, user: SessionUser, deckId: number) {
  return db.transaction(async (tx) => {
    const [found] = await tx.select({ courseId: decks.courseId }).from(decks).where(eq(decks.id, deckId));
    if (!found) throw new HttpError("not_found", "Deck not found.");
    const [course] = await tx
      .select({ id: courses.id })
      .from(courses)
      .where(eq(courses.id, found.courseId))
      .for("key share");
    const [deck] = course
      ? await tx.select({ id: decks.id }).from(decks).where(eq(decks.id, deckId)).for("key share")
      : [];
    if (!deck) throw new HttpError("not_found", "Deck not found.");
    const inserted = await tx
      .insert(userProgress)
      .values({ userId: user.id, courseId: found.courseId, deckId })
      .onConflictDoNothing()
      .returning({ id: userProgress.id });
    return { courseId: found.courseId, firstPass: inserted.length > 0 };
  });
}
