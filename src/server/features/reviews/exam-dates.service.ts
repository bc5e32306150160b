/**
 * A learner's exam date per course (issue #23 item 5, decision 0049): set, read with the share of
 * the course's cards FSRS expects them to remember when the exam day begins, and removed. The
 * queue's part is in memory-counts.ts (`inTodaysReview`).
 */

import type { Database } from "@server/db/client";
import { cardMemory, courses, decks, examDates, flashcards } from "@server/db/schema";
import { HttpError, invalidRequest } from "@server/http/errors";
import type { SessionUser } from "@server/http/session-user";
import { addDays, localDay, startOfLocalDate } from "@shared/memory/day";
import { EXAM_DATE_MAX_DAYS_AHEAD } from "@shared/memory/limits";
import { type MemoryStateName, retrievability } from "@shared/memory/scheduler";
import type { ExamDate } from "@shared/schemas/review";
import { and, count, eq, sql } from "drizzle-orm";
import { settingsOf } from "./reviews.service";

async function courseExists(db: Database, courseId: number) {
  const [course] = await db.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId));
  if (!course) throw new HttpError("not_found", "Course not found.");
}

export async function examDateOf(db: Database, user: SessionUser, courseId: number, now: Date): Promise<ExamDate> {
  await courseExists(db, courseId);
  const [row] = await db
    .select({ examOn: examDates.examOn })
    .from(examDates)
    .where(and(eq(examDates.userId, user.id), eq(examDates.courseId, courseId)));
  const [cards] = await db
    .select({ n: count() })
    .from(flashcards)
    .innerJoin(decks, eq(decks.id, flashcards.deckId))
    .where(eq(decks.courseId, courseId));
  const total = cards?.n ?? 0;
  if (!row) return { examOn: null, cards: total, remembered: 0 };

  const { timeZone, parameters } = await settingsOf(db, user.id);
  const examStart = startOfLocalDate(row.examOn, timeZone);
  // As things stand: each studied card's chance of recall when the exam day begins (or now, on
  // the day); a card never recalled counts as forgotten.
  const at = examStart > now ? examStart : now;
  const memories = await db
    .select()
    .from(cardMemory)
    .where(and(eq(cardMemory.userId, user.id), eq(cardMemory.courseId, courseId)));
  const remembered = memories.reduce(
    (sum, memory) => sum + retrievability({ ...memory, state: memory.state as MemoryStateName }, at, parameters),
    0,
  );
  return { examOn: row.examOn, cards: total, remembered };
}

export async function setExamDate(db: Database, user: SessionUser, courseId: number, examOn: string, now: Date) {
  await courseExists(db, courseId);
  const { timeZone } = await settingsOf(db, user.id);
  const today = localDay(now, timeZone);
  const latest = addDays(today, EXAM_DATE_MAX_DAYS_AHEAD);
  if (examOn < today) throw invalidRequest([{ path: ["examOn"], key: "validation.exam_date_past" }]);
  if (examOn > latest) throw invalidRequest([{ path: ["examOn"], key: "validation.exam_date_too_far" }]);
  await db
    .insert(examDates)
    .values({ userId: user.id, courseId, examOn })
    .onConflictDoUpdate({ target: [examDates.userId, examDates.courseId], set: { examOn, updatedAt: sql`now()` } });
  return examDateOf(db, user, courseId, now);
}

export async function removeExamDate(db: Database, user: SessionUser, courseId: number, now: Date) {
  await courseExists(db, courseId);
  await db.delete(examDates).where(and(eq(examDates.userId, user.id), eq(examDates.courseId, courseId)));
  return examDateOf(db, user, courseId, now);
}
