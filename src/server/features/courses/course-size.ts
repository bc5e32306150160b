/**
 * The cap on a course's size (decision 0037): at most COURSE_MAX_DECKS decks and COURSE_MAX_CARDS
 * cards. Checked by every write that adds decks or cards, inside its transaction and after the
 * course row is locked (lockOwnCourse), so two writes at once cannot both pass with the last room.
 */
import { queryRows, type Transaction } from "@server/db/client";
import { decks, flashcards } from "@server/db/schema";
import { invalidRequest } from "@server/http/errors";
import { COURSE_MAX_CARDS, COURSE_MAX_DECKS } from "@shared/limits";
import { sql } from "drizzle-orm";

export interface CourseSize {
  decks: number;
  cards: number;
}

/** What the course holds now; one indexed read (decks by course, cards by deck). */
export async function courseSize(tx: Transaction, courseId: number): Promise<CourseSize> {
  const [row] = await queryRows<CourseSize>(
    tx,
    sql`select
      (select count(*)::int from ${decks} where ${decks.courseId} = ${courseId}) as decks,
      (select count(*)::int from ${flashcards} join ${decks} on ${decks.id} = ${flashcards.deckId}
        where ${decks.courseId} = ${courseId}) as cards`,
  );
  return row ?? { decks: 0, cards: 0 };
}

/**
 * Refuses (400, nothing written) a write that would take the course past the cap. `issueKey`
 * picks the sentence: the import names both room and request, deck writes the one that is short.
 * Call it with the course row locked.
 */
export async function ensureCourseRoom(
  tx: Transaction,
  courseId: number,
  adding: CourseSize,
  kind: "deck" | "import",
): Promise<void> {
  const size = await courseSize(tx, courseId);
  const decksFit = Math.max(0, COURSE_MAX_DECKS - size.decks);
  const cardsFit = Math.max(0, COURSE_MAX_CARDS - size.cards);
  if (adding.decks <= decksFit && adding.cards <= cardsFit) return;
  const params = { decks: adding.decks, cards: adding.cards, decksFit, cardsFit };
  if (kind === "import") throw invalidRequest([{ path: [], key: "validation.course_import_too_large", params }]);
  const key = adding.decks > decksFit ? "validation.course_decks_full" : "validation.course_cards_full";
  throw invalidRequest([{ path: [], key, params }]);
}
