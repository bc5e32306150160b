/**
 * The cap on a course's size (decision 0037): at most COURSE_MAX_DECKS decks and COURSE_MAX_CARDS
 * cards. Checked by every write that adds decks or cards, inside its transaction and after the
 * course row is locked (lockOwnCourse), so two writes at once cannot both pass with the last room.
 */
import { queryRows, type Transaction } from "@server/db/client";
import { decks, flashcards } from "@server/db/schema";
import { invalidRequest } from "@server/http/errors";
import { type CourseSize, courseRoomIssue } from "@shared/course-room";
import { sql } from "drizzle-orm";

/** What the course holds now; one indexed read (decks by course, cards by deck). */
async function courseSize(tx: Transaction, courseId: number): Promise<CourseSize> {
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
 * Refuses (400, nothing written) a write that would take the course past the cap, saying the limit
 * and what still fits. Call it with the course row locked.
 */
export async function ensureCourseRoom(
  tx: Transaction,
  courseId: number,
  adding: CourseSize,
  kind: "deck" | "import",
): Promise<void> {
  const issue = courseRoomIssue(await courseSize(tx, courseId), adding, kind);
  if (issue) throw invalidRequest([{ path: [], ...issue }]);
}
