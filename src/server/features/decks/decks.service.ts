import type { Database, Transaction } from "@server/db/client";
import { decks, flashcards } from "@server/db/schema";
import type { JsonText } from "@server/http/cache";
import { HttpError, invalidRequest } from "@server/http/errors";
import type { SessionUser } from "@server/http/session-user";
import { DECK_MAX_CARDS, DECK_MIN_CARDS } from "@shared/limits";
import type { DeckCreateInput, DeckDetail, DeckUpdate } from "@shared/schemas/deck";
import { and, eq, gt, inArray, max, sql } from "drizzle-orm";
import { ensureCourseRoom } from "../courses/course-size";
import { lockOwnCourse } from "../courses/courses.service";
import { preparedText, type Statement } from "../courses/prepared";

const DECK_OWNER_ONLY = "Only the owner of this deck can change it.";

/**
 * A new deck goes after the course's last one; the course lock keeps levels unique under races and
 * the course within its cap (decision 0037).
 */
export async function createDeck(db: Database, user: SessionUser, courseId: number, input: DeckCreateInput) {
  return db.transaction(async (tx) => {
    await lockOwnCourse(tx, user, courseId);
    await ensureCourseRoom(tx, courseId, { decks: 1, cards: input.cards.length }, "deck");
    const [last] = await tx
      .select({ level: max(decks.level) })
      .from(decks)
      .where(eq(decks.courseId, courseId));
    const level = (last?.level ?? 0) + 1;
    const [deck] = await tx
      .insert(decks)
      .values({ courseId, userId: user.id, name: input.name, description: input.description, level })
      .returning({ id: decks.id, level: decks.level });
    if (!deck) throw new Error("deck insert returned nothing");
    await tx.insert(flashcards).values(
      input.cards.map((card) => ({
        deckId: deck.id,
        question: card.question,
        correctAnswer: card.answer,
        duration: card.duration,
      })),
    );
    return deck;
  });
}

/** A deck with its course's name and every card in creation order; JSON built by PostgreSQL. Matches `DeckDetail`. */
export const DECK_DETAIL: Statement = {
  name: "deck_detail",
  text: `select json_build_object(
    'id', d.id, 'courseId', d.course_id, 'courseName', c.name, 'ownerId', d.user_id, 'name', d.name,
    'description', d.description, 'level', d.level,
    'questionLanguage', c.question_language, 'answerLanguage', c.answer_language,
    'flashcards', coalesce((select json_agg(json_build_object(
        'id', f.id, 'question', f.question, 'answer', f.correct_answer, 'duration', f.duration) order by f.id)
      from flashcards f where f.deck_id = d.id), '[]'::json)
  )::text as body
  from decks d join courses c on c.id = d.course_id where d.id = $1::integer`,
};

export async function deckDetailJson(db: Database, deckId: number): Promise<JsonText<DeckDetail>> {
  const body = await preparedText(db, DECK_DETAIL, [deckId]);
  if (body === undefined) throw new HttpError("not_found", "Deck not found.");
  return body;
}

export async function getDeckDetail(db: Database, deckId: number): Promise<DeckDetail> {
  return JSON.parse(await deckDetailJson(db, deckId)) as DeckDetail;
}

/** The deck's course, read without a lock (to lock the course first), and the owner check. */
async function findDeckOwner(tx: Transaction, user: SessionUser, deckId: number) {
  const [found] = await tx
    .select({ courseId: decks.courseId, userId: decks.userId })
    .from(decks)
    .where(eq(decks.id, deckId));
  if (!found) throw new HttpError("not_found", "Deck not found.");
  if (found.userId !== user.id) throw new HttpError("forbidden", DECK_OWNER_ONLY);
  return found;
}

async function lockOwnDeck(tx: Transaction, user: SessionUser, deckId: number) {
  const [deck] = await tx
    .select({ id: decks.id, userId: decks.userId, courseId: decks.courseId, level: decks.level })
    .from(decks)
    .where(eq(decks.id, deckId))
    .for("update");
  if (!deck) throw new HttpError("not_found", "Deck not found.");
  if (deck.userId !== user.id) throw new HttpError("forbidden", DECK_OWNER_ONLY);
  return deck;
}

/**
 * Saves an edit in one transaction: every card named must belong to the deck, and the deck must
 * end with 4 to 50 cards. Any failure leaves the deck exactly as it was. An edit that adds more
 * cards than it deletes locks the course first (the order deleteDeck takes the locks in), so two
 * edits of one course cannot both take its last room (decision 0037).
 */
export async function updateDeck(db: Database, user: SessionUser, deckId: number, input: DeckUpdate) {
  await db.transaction(async (tx) => {
    const growth = input.added.length - input.deleted.length;
    if (growth > 0) {
      const found = await findDeckOwner(tx, user, deckId);
      await lockOwnCourse(tx, user, found.courseId);
      await ensureCourseRoom(tx, found.courseId, { decks: 0, cards: growth }, "deck");
    }
    await lockOwnDeck(tx, user, deckId);
    const existing = new Set(
      (await tx.select({ id: flashcards.id }).from(flashcards).where(eq(flashcards.deckId, deckId))).map((c) => c.id),
    );
    // A card deleted meanwhile (in another tab) is named where the request names it.
    const foreign = [
      ...input.changed.flatMap((card, i) => (existing.has(card.id) ? [] : [["changed", i, "id"]])),
      ...input.deleted.flatMap((id, i) => (existing.has(id) ? [] : [["deleted", i]])),
    ];
    if (foreign.length) throw invalidRequest(foreign.map((path) => ({ path, key: "validation.card_not_in_deck" })));
    const named = [...input.changed.map((c) => c.id), ...input.deleted];
    if (new Set(named).size !== named.length) {
      throw new HttpError("invalid_request", "A flashcard is named twice (changed and deleted, or changed twice).");
    }
    const remaining = existing.size - input.deleted.length + input.added.length;
    if (remaining < DECK_MIN_CARDS) throw invalidRequest([{ path: [], key: "validation.four_flashcards_in_deck" }]);
    if (remaining > DECK_MAX_CARDS) {
      throw invalidRequest([{ path: [], key: "validation.more_than_fifty_flashcards_in_deck" }]);
    }

    await tx.update(decks).set({ name: input.name, description: input.description }).where(eq(decks.id, deckId));
    if (input.deleted.length) await tx.delete(flashcards).where(inArray(flashcards.id, input.deleted));
    if (input.changed.length) {
      // One statement for every changed card, not one per card.
      const rows = sql.join(
        input.changed.map((c) => sql`(${c.id}::integer, ${c.question}::text, ${c.answer}::text, ${c.duration}::real)`),
        sql`, `,
      );
      await tx.execute(sql`
        update ${flashcards} set question = v.question, correct_answer = v.answer, duration = v.duration
        from (values ${rows}) as v(id, question, answer, duration)
        where ${flashcards.id} = v.id and ${flashcards.deckId} = ${deckId}`);
    }
    if (input.added.length) {
      await tx.insert(flashcards).values(
        input.added.map((card) => ({
          deckId,
          question: card.question,
          correctAnswer: card.answer,
          duration: card.duration,
        })),
      );
    }
  });
}

/**
 * Its cards and the progress rows for it go with it; later decks move up one level. The course is
 * locked first, as createDeck does, so a deck created at the same moment sees the levels after the
 * move and the course keeps levels 1..n.
 */
export async function deleteDeck(db: Database, user: SessionUser, deckId: number) {
  await db.transaction(async (tx) => {
    const found = await findDeckOwner(tx, user, deckId);
    await lockOwnCourse(tx, user, found.courseId);
    const deck = await lockOwnDeck(tx, user, deckId);
    await tx.delete(decks).where(eq(decks.id, deckId));
    // Two steps, so no moment has two decks on one level (the unique index checks every row).
    const later = and(eq(decks.courseId, deck.courseId), gt(decks.level, deck.level));
    await tx
      .update(decks)
      .set({ level: sql`-${decks.level}` })
      .where(later);
    await tx
      .update(decks)
      .set({ level: sql`-${decks.level} - 1` })
      .where(and(eq(decks.courseId, deck.courseId), sql`${decks.level} < 0`));
  });
}
