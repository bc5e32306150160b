/**
 * Hard cards (issue #23, decision 0045): a learner's leeches, the cards they keep forgetting, and,
 * for a course's author, a deck's cards most often forgotten by its learners, none of them named.
 * Both read card_memory (one row per learner and card), never the review log.
 */

import { type Database, queryRows } from "@server/db/client";
import { HttpError } from "@server/http/errors";
import type { SessionUser } from "@server/http/session-user";
import { LEECH_LAPSES, LEECHES_SHOWN } from "@shared/memory/limits";
import type { DeckHardCards, Leeches } from "@shared/schemas/stats";
import { sql } from "drizzle-orm";
import { type CardFigures, rankHardCards } from "./hard-cards";

/**
 * One statement: the learner's memory rows at the threshold, through the partial index
 * card_memory_user_leech_idx (a few rows, not every card they study), joined to their card, deck
 * and course; the total rides along as a window count, taken before the limit. The threshold is
 * written into the text, not sent as a parameter, so the planner sees it matches the index's.
 */
export const leechesStatement = (userId: string, courseId?: number) =>
  sql`select m.card_id, f.question, f.correct_answer as answer, c.id as course_id, c.name as course_name,
             c.question_language, c.answer_language,
             d.id as deck_id, d.name as deck_name, m.lapses, count(*) over ()::int as total
      from card_memory m
      join flashcards f on f.id = m.card_id
      join decks d on d.id = f.deck_id
      join courses c on c.id = d.course_id
      where m.user_id = ${userId} and m.lapses >= ${sql.raw(String(LEECH_LAPSES))}
        ${courseId === undefined ? sql`` : sql`and m.course_id = ${courseId}`}
      order by m.lapses desc, c.id, d.level, f.id
      limit ${LEECHES_SHOWN}`;

/** The learner's leeches, the most forgotten first: at most LEECHES_SHOWN, and how many there are. */
export async function learnerLeeches(
  db: Database,
  user: SessionUser,
  { courseId }: { courseId?: number },
): Promise<Leeches> {
  const rows = await queryRows<{
    card_id: number;
    question: string;
    answer: string;
    course_id: number;
    course_name: string;
    question_language: string;
    answer_language: string;
    deck_id: number;
    deck_name: string;
    lapses: number;
    total: number;
  }>(db, leechesStatement(user.id, courseId));
  return {
    total: rows[0]?.total ?? 0,
    cards: rows.map((row) => ({
      cardId: row.card_id,
      question: row.question,
      answer: row.answer,
      courseId: row.course_id,
      courseName: row.course_name,
      questionLanguage: row.question_language,
      answerLanguage: row.answer_language,
      deckId: row.deck_id,
      deckName: row.deck_name,
      lapses: row.lapses,
    })),
  };
}

/**
 * Per card of the deck (at most 50): its learners, those who forgot it and its lapses, counted from
 * the index on card_memory (card_id, lapses) alone, not one table page per learner; the author's
 * own memory of a card, found by its primary key, is taken off: they are not one of its learners.
 */
export const deckFiguresStatement = (deckId: number, authorId: string) =>
  sql`select f.id as card_id, f.question, f.correct_answer as answer,
             m.learners - (own.card_id is not null)::int as learners,
             m.forgot_by - (coalesce(own.lapses, 0) > 0)::int as forgot_by,
             m.lapses - coalesce(own.lapses, 0) as lapses
      from flashcards f
      cross join lateral (
        select count(*)::int as learners, count(*) filter (where lapses > 0)::int as forgot_by,
               coalesce(sum(lapses), 0)::int as lapses
        from card_memory
        where card_id = f.id) m
      left join card_memory own on own.user_id = ${authorId} and own.card_id = f.id
      where f.deck_id = ${deckId}
      order by f.id`;

const AUTHOR_ONLY = "Only the author of this course can see how its cards are remembered.";

/**
 * A deck's hardest cards, for the course's owner only (404 for a deck that does not exist, 403 for
 * anyone else), ranked by rankHardCards (decision 0045).
 */
export async function deckHardCards(db: Database, user: SessionUser, deckId: number): Promise<DeckHardCards> {
  const [deck] = await queryRows<{ owner_id: string }>(
    db,
    sql`select c.user_id as owner_id from decks d join courses c on c.id = d.course_id where d.id = ${deckId}`,
  );
  if (!deck) throw new HttpError("not_found", "Deck not found.");
  if (deck.owner_id !== user.id) throw new HttpError("forbidden", AUTHOR_ONLY);

  const figures = await queryRows<{
    card_id: number;
    question: string;
    answer: string;
    learners: number;
    forgot_by: number;
    lapses: number;
  }>(db, deckFiguresStatement(deckId, user.id));
  return rankHardCards(
    figures.map(
      (row): CardFigures => ({
        cardId: row.card_id,
        question: row.question,
        answer: row.answer,
        learners: row.learners,
        forgotBy: row.forgot_by,
        lapses: row.lapses,
      }),
    ),
  );
}
