/** Everything stored under one course, to prove that a refused or failed write changed nothing. */
import { asc, eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client";
import { courses, courseTags, decks, flashcards, followedCourses, userProgress } from "../db/schema";

export async function courseSnapshot(db: Database, courseId: number) {
  const deckRows = await db.select().from(decks).where(eq(decks.courseId, courseId)).orderBy(asc(decks.id));
  const deckIds = deckRows.map((d) => d.id);
  return {
    course: await db.select().from(courses).where(eq(courses.id, courseId)),
    tags: await db.select().from(courseTags).where(eq(courseTags.courseId, courseId)).orderBy(asc(courseTags.id)),
    decks: deckRows,
    cards: deckIds.length
      ? await db.select().from(flashcards).where(inArray(flashcards.deckId, deckIds)).orderBy(asc(flashcards.id))
      : [],
    follows: await db.select().from(followedCourses).where(eq(followedCourses.courseId, courseId)),
    progress: await db.select().from(userProgress).where(eq(userProgress.courseId, courseId)),
  };
}
