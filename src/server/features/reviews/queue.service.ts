/**
 * The review queue: cards due now across everything the learner studies (or one course), most
 * overdue first, then new cards, within the daily limits counted from the start of their day.
 */
import { and, asc, count, eq, gt, gte, lte, min, sql } from "drizzle-orm";
import { DAY_MS, startOfDay } from "../../../shared/memory/day";
import { type Grade, type Memory, type MemoryStateName, nextIntervals } from "../../../shared/memory/scheduler";
import { type Database, queryRows } from "../../db/client";
import { cardMemory, flashcards, reviewLog } from "../../db/schema";
import type { SessionUser } from "../../http/session";
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
  cards: QueueCard[];
  /** Cards due by the end of the learner's day, and new cards they may still start today (within the limits). */
  dueToday: number;
  newToday: number;
  /** When the next card not in this queue falls due; null when none is scheduled. */
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

/** Courses the learner studies: own, followed, with a passed deck, or with an answered card. */
function studiedCourses(userId: string, courseId: number | undefined) {
  if (courseId !== undefined) return sql`select ${courseId}::int as course_id`;
  return sql`select id as course_id from courses where user_id = ${userId}
    union select course_id from followed_courses where user_id = ${userId}
    union select course_id from user_progress where user_id = ${userId}
    union select distinct course_id from card_memory where user_id = ${userId}`;
}

export async function reviewQueue(
  db: Database,
  user: SessionUser,
  { courseId }: { courseId?: number },
  now: Date,
): Promise<ReviewQueue> {
  const settings = await settingsOf(db, user.id);
  const dayStart = startOfDay(now, settings.timeZone);
  const dayEnd = new Date(dayStart.getTime() + DAY_MS);
  const done = await doneToday(db, user.id, dayStart);
  const reviewsLeft = Math.max(0, settings.reviewsPerDay - done.reviewsDone);
  const newLeft = Math.max(0, settings.newCardsPerDay - done.newDone);
  const mine = and(
    eq(cardMemory.userId, user.id),
    courseId === undefined ? undefined : eq(cardMemory.courseId, courseId),
  );

  const due = await db
    .select({
      memory: cardMemory,
      deckId: flashcards.deckId,
      question: flashcards.question,
      answer: flashcards.correctAnswer,
    })
    .from(cardMemory)
    .innerJoin(flashcards, eq(flashcards.id, cardMemory.cardId))
    .where(and(mine, lte(cardMemory.due, now)))
    .orderBy(asc(cardMemory.due), asc(cardMemory.cardId))
    .limit(reviewsLeft);
  const fresh =
    newLeft === 0
      ? []
      : await queryRows<{ card_id: number; deck_id: number; course_id: number; question: string; answer: string }>(
          db,
          sql`with studied as (${studiedCourses(user.id, courseId)})
              select f.id as card_id, f.deck_id, d.course_id, f.question, f.correct_answer as answer
              from studied s
              join decks d on d.course_id = s.course_id
              join flashcards f on f.deck_id = d.id
              where not exists (select 1 from card_memory m where m.user_id = ${user.id} and m.card_id = f.id)
              order by d.course_id, d.level, f.id
              limit ${newLeft}`,
        );

  const [dueByDayEnd] = await db
    .select({ n: count() })
    .from(cardMemory)
    .where(and(mine, lte(cardMemory.due, dayEnd)));
  const [later] = await db
    .select({ at: min(cardMemory.due) })
    .from(cardMemory)
    .where(and(mine, gt(cardMemory.due, now)));

  const retention = settings.desiredRetention;
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
        intervals: nextIntervals(state, now, retention),
      };
    }),
    ...fresh.map((card) => ({
      cardId: card.card_id,
      deckId: card.deck_id,
      courseId: card.course_id,
      question: card.question,
      answer: card.answer,
      state: "new" as const,
      intervals: nextIntervals(null, now, retention),
    })),
  ];
  return {
    cards,
    dueToday: Math.min(dueByDayEnd?.n ?? 0, reviewsLeft),
    newToday: fresh.length,
    nextDueAt: later?.at ? new Date(later.at).toISOString() : null,
  };
}
