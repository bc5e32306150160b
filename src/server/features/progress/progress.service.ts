import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { decks, userProgress } from "../../db/schema";
import { HttpError } from "../../http/errors";
import type { SessionUser } from "../../http/session";

/** Marks the deck passed for the user; a second pass changes nothing. */
export async function recordPass(db: Database, user: SessionUser, deckId: number) {
  return db.transaction(async (tx) => {
    const [deck] = await tx.select({ courseId: decks.courseId }).from(decks).where(eq(decks.id, deckId));
    if (!deck) throw new HttpError("not_found", "Deck not found.");
    const inserted = await tx
      .insert(userProgress)
      .values({ userId: user.id, courseId: deck.courseId, deckId })
      .onConflictDoNothing()
      .returning({ id: userProgress.id });
    return { courseId: deck.courseId, firstPass: inserted.length > 0 };
  });
}
