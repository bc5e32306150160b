import { z } from "zod";
import type { SideLanguages } from "../card-languages";
import {
  CARD_DURATION_MAX_SECONDS,
  CARD_DURATION_MIN_SECONDS,
  DECK_MAX_CARDS,
  DECK_MIN_CARDS,
  TEXT_LIMITS,
} from "../limits";
import { entityId } from "./course";
import { storableText } from "./text";

export const deckIdParams = z.object({ deckId: entityId });

/** Messages are translation keys, most of them the spec's (section 8). */
const question = storableText()
  .trim()
  .min(1, "validation.each_flashcard_needs_question")
  .max(TEXT_LIMITS.question, "validation.question_too_long");
const answer = storableText()
  .trim()
  .min(1, "validation.each_flashcard_needs_answer")
  .max(TEXT_LIMITS.answer, "validation.answer_too_long");
const duration = z
  .number({ message: "validation.duration_warning" })
  .min(CARD_DURATION_MIN_SECONDS, "validation.duration_warning")
  .max(CARD_DURATION_MAX_SECONDS, "validation.duration_warning");

export const cardInput = z.object({ question, answer, duration });
export type CardInput = z.infer<typeof cardInput>;

const deckName = storableText()
  .trim()
  .min(1, "validation.deck_name_required")
  .max(TEXT_LIMITS.deckName, "validation.deck_name_too_long");
const deckDescription = storableText()
  .trim()
  .min(1, "validation.deck_description_required")
  .max(TEXT_LIMITS.deckDescription, "validation.description_too_long");

export const deckCreateInput = z.object({
  name: deckName,
  description: deckDescription,
  cards: z
    .array(cardInput)
    .min(DECK_MIN_CARDS, "validation.four_flashcards_in_deck")
    .max(DECK_MAX_CARDS, "validation.more_than_fifty_flashcards_in_deck"),
});
export type DeckCreateInput = z.infer<typeof deckCreateInput>;

/** A deck edit sends only what changed: cards changed, added and deleted. */
export const deckUpdateInput = z.object({
  name: deckName,
  description: deckDescription,
  changed: z
    .array(cardInput.extend({ id: entityId }))
    .max(DECK_MAX_CARDS, "validation.more_than_fifty_flashcards_in_deck")
    .default([]),
  added: z.array(cardInput).max(DECK_MAX_CARDS, "validation.more_than_fifty_flashcards_in_deck").default([]),
  deleted: z.array(entityId).max(DECK_MAX_CARDS, "validation.more_than_fifty_flashcards_in_deck").default([]),
});
/** What a client sends (lists may be left out)… */
export type DeckUpdateInput = z.input<typeof deckUpdateInput>;
/** …and what the server works with once the schema has filled in the defaults. */
export type DeckUpdate = z.output<typeof deckUpdateInput>;

export interface Flashcard {
  id: number;
  question: string;
  answer: string;
  duration: number;
}

/** The course's side languages come with the deck: its cards are marked with them. */
export interface DeckDetail extends SideLanguages {
  id: number;
  courseId: number;
  courseName: string;
  ownerId: string;
  name: string;
  description: string;
  level: number;
  flashcards: Flashcard[];
}
