/**
 * The review queue: the cards of today's review across everything the learner studies (or one
 * course), most overdue first, then new cards, within the daily limits counted from the start of
 * their day. "Due today" on home and the review session use one definition, `inTodaysReview`.
 */

import { type Database, queryRows } from "@server/db/client";
import { cardMemory, flashcards, reviewLog } from "@server/db/schema";
import type { SessionUser } from "@server/http/session-user";
import { DAY_MS, startOfDay } from "@shared/memory/day";
import { REVIEW_QUEUE_PAGE } from "@shared/memory/limits";
import {
  type Grade,
  type Memory,
  type MemoryParameters,
  type MemoryStateName,
  nextIntervals,
} from "@shared/memory/scheduler";
import { and, asc, count, eq, gte, lt, lte, or, type SQL, sql } from "drizzle-orm";
import { settingsOf } from "./reviews.service";

export interface QueueCard {
  cardId: number;
  deckId: number;
  courseId: number;
  question: string;
  answer: string;
  state: MemoryStateName;
  /** Milliseconds until the card is due again after each grade, if answered now. */
  intervals: Record<Grade, number>;
}

export interface ReviewQueue {
  /** A page of the session: up to REVIEW_QUEUE_PAGE cards. */
  cards: QueueCard[];
  /**
   * The whole session, as home counts it (`reviewSummary`): cards in today's review within the
   * reviews left today, and new cards they may still start today. The page may hold fewer.
   */
  dueToday: number;
  newToday: number;
  /** When the next card not in today's review falls due; null when none is scheduled. */
  nextDueAt: string | null;
}

interface Counts {
  reviewsDone: number;
  newDone: number;
}

/** Reviews (of cards started before today) and new cards started today. */
async function doneToday(db: Database, userId: string, dayStart: Date): Promise<Counts> {
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

/** Courses the learner studies: own, followed, with a passed deck, or with an answered card (or the one given). */
export function studiedCourses(userId: string, courseId: number | undefined) {
  if (courseId !== undefined) return sql`select ${courseId}::int as course_id`;
  return sql`select id as course_id from courses where user_id = ${userId}
    union select course_id from followed_courses where user_id = ${userId}
    union select course_id from user_progress where user_id = ${userId}
    union select course_id from card_memory where user_id = ${userId}`;
}

interface Today {
  now: Date;
  retention: number;
  /** The learner's own memory model's weights (null: the defaults). */
  parameters: MemoryParameters | null;
  dayEnd: Date;
  reviewsLeft: number;
  newLeft: number;
}

/** The learner's day so far: how many reviews and new cards their limits still allow. */
async function today(db: Database, userId: string, now: Date): Promise<Today> {
  const settings = await settingsOf(db, userId);
  const dayStart = startOfDay(now, settings.timeZone);
  const done = await doneToday(db, userId, dayStart);
  return {
    now,
    retention: settings.desiredRetention,
    parameters: settings.parameters,
    dayEnd: new Date(dayStart.getTime() + DAY_MS),
    reviewsLeft: Math.max(0, settings.reviewsPerDay - done.reviewsDone),
    newLeft: Math.max(0, settings.newCardsPerDay - done.newDone),
  };
}

interface Scope {
  courseId?: number;
  deckId?: number;
}

/**
 * The one definition of a card in today's review (decision 0021): a card scheduled in days
 * ("review") due before the learner's day ends, or any card due now. A learning step of minutes
 * later today waits for its time, as in Anki: shown early, the step would mean nothing. The first
 * condition alone is what the index `card_memory (user_id, due)` answers.
 */
function inTodaysReview(t: Pick<Today, "now" | "dayEnd">): SQL {
  return and(lt(cardMemory.due, t.dayEnd), or(lte(cardMemory.due, t.now), eq(cardMemory.state, "review"))) as SQL;
}

function memoryInScope(userId: string, scope: Scope): SQL {
  return and(
    eq(cardMemory.userId, userId),
    scope.deckId !== undefined
      ? sql`${cardMemory.cardId} in (select id from flashcards where deck_id = ${scope.deckId})`
      : scope.courseId !== undefined
        ? eq(cardMemory.courseId, scope.courseId)
        : undefined,
  ) as SQL;
}

interface TodayCounts {
  dueToday: number;
  newToday: number;
  started: number;
  learned: number;
  nextDueAt: string | null;
}

/**
 * What home, a course or deck page and the review session count: cards in today's review (within
 * the reviews left today), new cards left to start today, started and learned cards, and when the
 * next card not in today's review falls due. Two statements, the same for each of them.
 */
async function todayCounts(db: Database, userId: string, scope: Scope, t: Today): Promise<TodayCounts> {
  const due = inTodaysReview(t);
  const [counts] = await db
    .select({
      due: sql<number>`(count(*) filter (where ${due}))::int`,
      started: sql<number>`count(*)::int`,
      learned: sql<number>`(count(*) filter (where ${cardMemory.state} = 'review'))::int`,
      nextDue: sql<Date | string | null>`min(${cardMemory.due}) filter (where not (${due}))`,
    })
    .from(cardMemory)
    .where(memoryInScope(userId, scope));
  const [fresh] =
    t.newLeft === 0
      ? [{ n: 0 }]
      : await queryRows<{ n: number }>(
          db,
          sql`select count(*)::int as n from (${newCards(userId, scope, t.newLeft)}) cards`,
        );
  return {
    dueToday: Math.min(counts?.due ?? 0, t.reviewsLeft),
    newToday: fresh?.n ?? 0,
    started: counts?.started ?? 0,
    learned: counts?.learned ?? 0,
    nextDueAt: counts?.nextDue ? new Date(counts.nextDue).toISOString() : null,
  };
}

/**
 * Cards not yet answered, of the courses studied (or the one course or deck), in study order. The
 * courses go in as an array, so each is an index lookup on decks: as a join, the planner walked
 * the decks index from the catalogue's first course hoping to fill the limit early (bench:reviews).
 */
function newCards(userId: string, scope: Scope, limit: number) {
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
    limit ${limit}`;
}

export async function reviewQueue(
  db: Database,
  user: SessionUser,
  { courseId }: { courseId?: number },
  now: Date,
): Promise<ReviewQueue> {
  const t = await today(db, user.id, now);
  const { retention, parameters, reviewsLeft, newLeft } = t;

  const due = await db
    .select({
      memory: cardMemory,
      deckId: flashcards.deckId,
      question: flashcards.question,
      answer: flashcards.correctAnswer,
    })
    .from(cardMemory)
    .innerJoin(flashcards, eq(flashcards.id, cardMemory.cardId))
    .where(and(memoryInScope(user.id, { courseId }), inTodaysReview(t)))
    .orderBy(asc(cardMemory.due), asc(cardMemory.cardId))
    .limit(Math.min(reviewsLeft, REVIEW_QUEUE_PAGE));
  const freshLimit = Math.min(newLeft, REVIEW_QUEUE_PAGE - due.length);
  const fresh =
    freshLimit <= 0
      ? []
      : await queryRows<{ card_id: number; deck_id: number; course_id: number; question: string; answer: string }>(
          db,
          newCards(user.id, { courseId }, freshLimit),
        );

  const { dueToday, newToday, nextDueAt } = await todayCounts(db, user.id, { courseId }, t);

  const cards: QueueCard[] = [
    ...due.map(({ memory, deckId, question, answer }) => {
      const state: Memory = { ...memory, state: memory.state as MemoryStateName };
      return {
        cardId: memory.cardId,
        deckId,
        courseId: memory.courseId,
        question,
        answer,
        state: state.state,
        intervals: nextIntervals(state, now, retention, parameters),
      };
    }),
    ...fresh.map((card) => ({
      cardId: card.card_id,
      deckId: card.deck_id,
      courseId: card.course_id,
      question: card.question,
      answer: card.answer,
      state: "new" as const,
      intervals: nextIntervals(null, now, retention, parameters),
    })),
  ];
  return { cards, dueToday, newToday, nextDueAt };
}

export interface ReviewSummary {
  /** Cards in today's review (due now, or scheduled in days and due before the day ends), within the reviews left today. */
  dueToday: number;
  /** New cards they may still start today (within the limit and the cards there are). */
  newToday: number;
  /** Cards answered at least once, and cards past their learning steps. */
  started: number;
  learned: number;
  /** When the next card not in today's review falls due. */
  nextDueAt: string | null;
}

/** The counts behind "Due today" and the progress bars, for everything studied, a course or a deck. */
export async function reviewSummary(db: Database, user: SessionUser, scope: Scope, now: Date): Promise<ReviewSummary> {
  return todayCounts(db, user.id, scope, await today(db, user.id, now));
}
