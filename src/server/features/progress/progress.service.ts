import type { Database } from "@server/db/client";
import { decks, userProgress } from "@server/db/schema";
import { HttpError } from "@server/http/errors";
import type { SessionUser } from "@server/http/session";
import { eq } from "drizzle-orm";

/**
 * Marks the deck passed for the user; a second pass changes nothing. The deck row is share-locked,
 * so a delete of the deck or its course running at the same moment either finishes first (404)
 * or waits for this pass to be written (and then removes it with the deck).
 */
export async function recordPass(db: Database, user: SessionUser, deckId: number) {
  return db.transaction(async (tx) => {
    const [deck] = await tx
      .select({ courseId: decks.courseId })
      .from(decks)
      .where(eq(decks.id, deckId))
      .for("key share");
    if (!deck) throw new HttpError("not_found", "Deck not found.");
    const inserted = await tx
      .insert(userProgress)
      .values({ userId: user.id, courseId: deck.courseId, deckId })
      .onConflictDoNothing()
      .returning({ id: userProgress.id });
    return { courseId: deck.courseId, firstPass: inserted.length > 0 };
  });
}
