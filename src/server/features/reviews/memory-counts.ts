/**
 * The one definition of every number about a learner's memory (issue #23 item 2, decision 0048).
 * Home, the review session, Statistics, the course page, the deck page and the navigation's badge
 * all read them from here, for everything studied, one course or one deck:
 *
 * - new: cards of the scope the learner has never recalled (no counted answer; decision 0047);
 * - learning: recalled, still in FSRS's short-term steps (learning or relearning);
 * - learned: in long-term review, scheduled days ahead (FSRS state "review");
 * - studied: learning + learned (a card answered in a passed test is studied at once);
 * - due now: cards whose time has come (a step due, or a review due);
 * - due today: today's review for the scope, what its review session shows: cards scheduled in
 *   days and due before the learner's day ends or due now, within the reviews left today, plus the
 *   new cards they may still start today (within the new cards left today).
 */

import { type Database, queryRows, type Transaction } from "@server/db/client";
import { cardMemory, examDates, reviewLog } from "@server/db/schema";
import { DAY_MS, startOfDay, startOfLocalDate } from "@shared/memory/day";
import type { MemoryParameters } from "@shared/memory/scheduler";
import type { MemoryCounts } from "@shared/schemas/review";
import { and, count, eq, gte, inArray, lt, lte, or, type SQL, sql } from "drizzle-orm";
import { settingsOf } from "./reviews.service";

/** Everything studied (neither), one course, or one deck. */
export interface Scope {
  courseId?: number;
  deckId?: number;
}

/** Learning: FSRS's short-term steps. Learned: long-term review. */
export const LEARNING_STATES = ["learning", "relearning"] as const;
export const LEARNED_STATE = "review";

/** Courses the learner studies: own, followed, with a passed deck, or with an answered card (or the one given). */
export function studiedCourses(userId: string, courseId: number | undefined) {
  if (courseId !== undefined) return sql`select ${courseId}::int as course_id`;
  return sql`select id as course_id from courses where user_id = ${userId}
    union select course_id from followed_courses where user_id = ${userId}
    union select course_id from user_progress where user_id = ${userId}
    union select course_id from card_memory where user_id = ${userId}`;
}

/** The learner's day so far: when it ends, and how many reviews and new cards their limits still allow. */
export interface Today {
  now: Date;
  retention: number;
  /** The learner's own memory model's weights (decision 0046); null: the defaults. */
  parameters: MemoryParameters | null;
  dayEnd: Date;
  reviewsLeft: number;
  newLeft: number;
  /** Courses whose exam is tomorrow (or later today's end): their cards come back today (decision 0049). */
  examCaps: ExamCap[];
}

/** From `capStart` (the day before the exam) until the exam day begins, the course's cards are due. */
export interface ExamCap {
  courseId: number;
  capStart: Date;
  examStart: Date;
}

/** The learner's exam dates whose last day before the exam has come, while the exam has not begun. */
async function activeExamCaps(db: Database | Transaction, userId: string, timeZone: string, now: Date, dayEnd: Date) {
  const rows = await db
    .select({ courseId: examDates.courseId, examOn: examDates.examOn })
    .from(examDates)
    .where(eq(examDates.userId, userId));
  return rows.map((row) => examCap(row.courseId, row.examOn, timeZone)).filter((cap) => capActive(cap, now, dayEnd));
}

/** An exam's cap: from the start of the day before the exam (in the learner's zone) to the exam day's start. */
export function examCap(courseId: number, examOn: string, timeZone: string): ExamCap {
  const examStart = startOfLocalDate(examOn, timeZone);
  // Half a day back is inside the day before, whatever a clock change did to its length.
  const capStart = startOfDay(new Date(examStart.getTime() - DAY_MS / 2), timeZone);
  return { courseId, capStart, examStart };
}

/** Whether the cap applies to the learner's day ending at `dayEnd`: its day has come, the exam has not. */
export function capActive(cap: ExamCap, now: Date, dayEnd: Date): boolean {
  return cap.capStart < dayEnd && now < cap.examStart;
}

/** Reviews (of cards started before today) and new cards started today. */
async function doneToday(db: Database | Transaction, userId: string, dayStart: Date) {
  const [reviews] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${reviewLog} r
        join ${cardMemory} m on m.user_id = r.user_id and m.card_id = r.card_id
        where r.user_id = ${userId} and r.answered_at >= ${dayStart.toISOString()} and r.mode = 'review'
          and m.introduced_at < ${dayStart.toISOString()}`,
  );
  const [started] = await db
    .select({ n: count() })
    .from(cardMemory)
    .where(and(eq(cardMemory.userId, userId), gte(cardMemory.introducedAt, dayStart)));
  return { reviewsDone: reviews?.n ?? 0, newDone: started?.n ?? 0 };
}

export async function today(db: Database | Transaction, userId: string, now: Date): Promise<Today> {
  const settings = await settingsOf(db, userId);
  const dayStart = startOfDay(now, settings.timeZone);
  const dayEnd = new Date(dayStart.getTime() + DAY_MS);
  const done = await doneToday(db, userId, dayStart);
  return {
    now,
    retention: settings.desiredRetention,
    parameters: settings.parameters,
    dayEnd,
    reviewsLeft: Math.max(0, settings.reviewsPerDay - done.reviewsDone),
    newLeft: Math.max(0, settings.newCardsPerDay - done.newDone),
    examCaps: await activeExamCaps(db, userId, settings.timeZone, now, dayEnd),
  };
}

/**
 * A card in today's review (decision 0021): scheduled in days ("review") and due before the
 * learner's day ends, or any card due now. A learning step of minutes later today waits for its
 * time, as in Anki: shown early, the step would mean nothing. The first condition alone is what
 * the index `card_memory (user_id, due)` answers. On the day before an exam, a card of its course
 * that would come back after the exam and was not reviewed that day is in today's review too
 * (decision 0049): an arm the index `(user_id, course_id, due)` answers.
 */
export function inTodaysReview(t: Pick<Today, "now" | "dayEnd" | "examCaps">): SQL {
  const scheduled = and(
    lt(cardMemory.due, t.dayEnd),
    or(lte(cardMemory.due, t.now), eq(cardMemory.state, LEARNED_STATE)),
  ) as SQL;
  if (t.examCaps.length === 0) return scheduled;
  return or(
    scheduled,
    ...t.examCaps.map((cap) =>
      and(
        eq(cardMemory.courseId, cap.courseId),
        gte(cardMemory.due, t.dayEnd),
        lt(cardMemory.lastReview, cap.capStart),
      ),
    ),
  ) as SQL;
}

export function memoryInScope(userId: string, scope: Scope): SQL {
  return and(
    eq(cardMemory.userId, userId),
    scope.deckId !== undefined
      ? sql`${cardMemory.cardId} in (select id from flashcards where deck_id = ${scope.deckId})`
      : scope.courseId !== undefined
        ? eq(cardMemory.courseId, scope.courseId)
        : undefined,
  ) as SQL;
}

/**
 * Cards never recalled, of the courses studied (or the one course or deck), in study order. The
 * courses go in as an array, so each is an index lookup on decks: as a join, the planner walked
 * the decks index from the catalogue's first course hoping to fill the limit early (bench:reviews).
 */
export function newCards(userId: string, scope: Scope, limit?: number) {
  const where =
    scope.deckId !== undefined
      ? sql`d.id = ${scope.deckId}`
      : sql`d.course_id = any(array(${studiedCourses(userId, scope.courseId)}))`;
  return sql`select f.id as card_id, f.deck_id, d.course_id, f.question, f.correct_answer as answer
    from decks d
    join flashcards f on f.deck_id = d.id
    where ${where}
      and not exists (select 1 from card_memory m where m.user_id = ${userId} and m.card_id = f.id)
    order by d.course_id, d.level, f.id
    ${limit === undefined ? sql`` : sql`limit ${limit}`}`;
}

/** Today's review of a scope: its cards due within the reviews left, and the new cards left to start. */
export type TodayCounts = Pick<MemoryCounts, "dueToday" | "newToday" | "nextDueAt">;

/** One grouped read of the scope's memory rows: today's review, due now, learning, learned, the next due time. */
async function memoryFigures(db: Database | Transaction, userId: string, scope: Scope, t: Today) {
  const due = inTodaysReview(t);
  const [row] = await db
    .select({
      due: sql<number>`(count(*) filter (where ${due}))::int`,
      dueNow: sql<number>`(count(*) filter (where ${cardMemory.due} <= ${t.now.toISOString()}))::int`,
      learning: sql<number>`(count(*) filter (where ${inArray(cardMemory.state, [...LEARNING_STATES])}))::int`,
      learned: sql<number>`(count(*) filter (where ${cardMemory.state} = ${LEARNED_STATE}))::int`,
      nextDue: sql<Date | string | null>`min(${cardMemory.due}) filter (where not (${due}))`,
    })
    .from(cardMemory)
    .where(memoryInScope(userId, scope));
  return {
    dueToday: Math.min(row?.due ?? 0, t.reviewsLeft),
    dueNow: row?.dueNow ?? 0,
    learning: row?.learning ?? 0,
    learned: row?.learned ?? 0,
    nextDueAt: row?.nextDue ? new Date(row.nextDue).toISOString() : null,
  };
}

async function newTodayCount(db: Database | Transaction, userId: string, scope: Scope, t: Today) {
  if (t.newLeft === 0) return 0;
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (${newCards(userId, scope, t.newLeft)}) cards`,
  );
  return row?.n ?? 0;
}

/** What the review session counts: two statements, for its first page and every later one. */
export async function todayCounts(db: Database, userId: string, scope: Scope, t: Today): Promise<TodayCounts> {
  const [figures, newToday] = await Promise.all([
    memoryFigures(db, userId, scope, t),
    newTodayCount(db, userId, scope, t),
  ]);
  return { dueToday: figures.dueToday, newToday, nextDueAt: figures.nextDueAt };
}

/** Every figure of the definition, for everything studied, a course or a deck. */
export async function memoryCounts(db: Database, userId: string, scope: Scope, now: Date): Promise<MemoryCounts> {
  const t = await today(db, userId, now);
  const [figures, newToday, never] = await Promise.all([
    memoryFigures(db, userId, scope, t),
    newTodayCount(db, userId, scope, t),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from (${newCards(userId, scope)}) cards`),
  ]);
  return {
    new: never[0]?.n ?? 0,
    learning: figures.learning,
    learned: figures.learned,
    studied: figures.learning + figures.learned,
    dueNow: figures.dueNow,
    dueToday: figures.dueToday,
    newToday,
    nextDueAt: figures.nextDueAt,
  };
}
