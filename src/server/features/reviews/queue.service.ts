/**
 * The review queue: the cards of today's review across everything the learner studies (or one
 * course), most overdue first, then new cards, within the daily limits counted from the start of
 * their day. Its counts and "Due today" everywhere else come from one module, memory-counts.ts.
 */

import { type Database, queryRows } from "@server/db/client";
import { cardMemory, courses, flashcards } from "@server/db/schema";
import type { SessionUser } from "@server/http/session-user";
import { REVIEW_QUEUE_PAGE } from "@shared/memory/limits";
import { type Grade, type Memory, type MemoryStateName, nextIntervals } from "@shared/memory/scheduler";
import type { MemoryCounts } from "@shared/schemas/review";
import { and, asc, eq, inArray } from "drizzle-orm";
import { inTodaysReview, memoryCounts, memoryInScope, newCards, type Scope, today, todayCounts } from "./memory-counts";

export interface QueueCard {
  cardId: number;
  deckId: number;
  courseId: number;
  question: string;
  answer: string;
  /** The languages of its course's sides (decision 0052). */
  questionLanguage: string;
  answerLanguage: string;
  state: MemoryStateName;
  /** Milliseconds until the card is due again after each grade, if answered now. */
  intervals: Record<Grade, number>;
}

export interface ReviewQueue {
  /** A page of the session: up to REVIEW_QUEUE_PAGE cards. */
  cards: QueueCard[];
  /** The whole session, as every page counts it (memory-counts.ts); the page may hold fewer. */
  dueToday: number;
  newToday: number;
  /** When the next card not in today's review falls due; null when none is scheduled. */
  nextDueAt: string | null;
}

export async function reviewQueue(db: Database, user: SessionUser, scope: Scope, now: Date): Promise<ReviewQueue> {
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
    .where(and(memoryInScope(user.id, scope), inTodaysReview(t)))
    .orderBy(asc(cardMemory.due), asc(cardMemory.cardId))
    .limit(Math.min(reviewsLeft, REVIEW_QUEUE_PAGE));
  const freshLimit = Math.min(newLeft, REVIEW_QUEUE_PAGE - due.length);
  const fresh =
    freshLimit <= 0
      ? []
      : await queryRows<{ card_id: number; deck_id: number; course_id: number; question: string; answer: string }>(
          db,
          newCards(user.id, scope, freshLimit),
        );

  const { dueToday, newToday, nextDueAt } = await todayCounts(db, user.id, scope, t);

  // The page's few courses, read once by primary key rather than joined to every card (and to the counts).
  const courseIds = [...new Set([...due.map((card) => card.memory.courseId), ...fresh.map((card) => card.course_id)])];
  const languages = new Map(
    courseIds.length === 0
      ? []
      : (
          await db
            .select({
              id: courses.id,
              questionLanguage: courses.questionLanguage,
              answerLanguage: courses.answerLanguage,
            })
            .from(courses)
            .where(inArray(courses.id, courseIds))
        ).map(({ id, ...sides }) => [id, sides]),
  );
  const sidesOf = (courseId: number) => languages.get(courseId) ?? { questionLanguage: "en", answerLanguage: "en" };

  const cards: QueueCard[] = [
    ...due.map(({ memory, deckId, question, answer }) => {
      const state: Memory = { ...memory, state: memory.state as MemoryStateName };
      return {
        cardId: memory.cardId,
        deckId,
        courseId: memory.courseId,
        question,
        answer,
        ...sidesOf(memory.courseId),
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
      ...sidesOf(card.course_id),
      state: "new" as const,
      intervals: nextIntervals(null, now, retention, parameters),
    })),
  ];
  return { cards, dueToday, newToday, nextDueAt };
}

/** The figures behind "Due today", the progress bars and the navigation's badge (memory-counts.ts). */
export async function reviewSummary(db: Database, user: SessionUser, scope: Scope, now: Date): Promise<MemoryCounts> {
  return memoryCounts(db, user.id, scope, now);
}
