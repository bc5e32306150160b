/**
 * An Anki collection to question/answer decks. By default a note's first field is the question and
 * its other fields the answer (changeable per note type); a cloze note gives one card per cloze
 * number; subdecks become decks ("Parent › Child"); tags become course tags (decision 0027).
 */
import type { AnkiCollection, AnkiNoteType } from "./anki";
import { expandCloze } from "./cloze";
import { htmlToText } from "./html";
import { withoutCommonParent } from "./plan";
import { type ImportDeck, type ImportLosses, NO_LOSSES } from "./types";

/** `answer: null` — every other non-empty field, one per line. */
export interface FieldChoice {
  question: number;
  answer: number | null;
}

export type FieldChoices = Record<string, FieldChoice>;

export function defaultFieldChoices(collection: AnkiCollection): FieldChoices {
  return Object.fromEntries(
    collection.noteTypes.map((t) => [t.id, { question: 0, answer: t.cloze ? null : t.fields.length > 1 ? null : 0 }]),
  );
}

/** Note types that notes use, most used first, with how many notes use each. */
export function usedNoteTypes(collection: AnkiCollection): { type: AnkiNoteType; notes: number }[] {
  const counts = new Map<string, number>();
  for (const note of collection.notes) counts.set(note.noteType, (counts.get(note.noteType) ?? 0) + 1);
  return collection.noteTypes
    .filter((t) => counts.has(t.id))
    .map((type) => ({ type, notes: counts.get(type.id) ?? 0 }))
    .sort((a, b) => b.notes - a.notes);
}

export interface AnkiImport {
  decks: ImportDeck[];
  /** The parent deck every deck shares ("Spanish" of "Spanish::Verbs", "Spanish::Nouns"), taken off their names. */
  parent: string | null;
  tags: string[];
  losses: ImportLosses;
  mediaFiles: number;
}

const IMAGE_OCCLUSION = /\{\{c\d+::image-occlusion:/;

export function ankiToDecks(collection: AnkiCollection, choices: FieldChoices): AnkiImport {
  const types = new Map(collection.noteTypes.map((t) => [t.id, t]));
  const decks = new Map<string, ImportDeck>();
  const tagCounts = new Map<string, number>();
  const losses: ImportLosses = { ...NO_LOSSES, removedCharacters: collection.removedCharacters };
  const plain = (html: string) => {
    const converted = htmlToText(html);
    return converted;
  };
  const push = (deck: string, question: string, answer: string) => {
    if (!question || !answer) {
      losses.emptyCards += 1;
      return;
    }
    const target = decks.get(deck) ?? { name: deck, cards: [] };
    target.cards.push({ question, answer });
    decks.set(deck, target);
  };

  for (const note of collection.notes) {
    const type = types.get(note.noteType);
    const choice = choices[note.noteType] ?? { question: 0, answer: null };
    const firstDeck = note.cards[0]?.deck ?? "Default";
    losses.scheduling += note.cards.filter((c) => c.studied).length;
    for (const tag of note.tags) tagCounts.set(tag, (tagCounts.get(tag) ?? 0) + 1);
    const raw = (i: number) => note.fields[i] ?? "";
    const unused = (used: number[]) =>
      note.fields.some((value, i) => !used.includes(i) && htmlToText(value).text !== "" && !htmlToText(value).hadMedia);

    let hadMedia = false;
    let hadFormatting = false;
    const text = (html: string) => {
      const converted = plain(html);
      hadMedia ||= converted.hadMedia;
      hadFormatting ||= converted.hadFormatting;
      return converted.text;
    };

    if (type?.cloze) {
      const source = raw(choice.question);
      if (IMAGE_OCCLUSION.test(source)) {
        // Image occlusion: the picture is the card; nothing of it can be text.
        losses.media += Math.max(note.cards.length, 1);
        continue;
      }
      const { cards: clozes, beyondLimit } = expandCloze(source);
      if (clozes.length === 0) losses.emptyCards += 1;
      losses.clozesBeyondLimit += beyondLimit;
      for (const cloze of clozes) {
        const deck = note.cards.find((c) => c.ord === cloze.ordinal - 1)?.deck ?? firstDeck;
        push(deck, text(cloze.question), text(cloze.answer));
      }
      if (choice.answer !== null || unused([choice.question])) losses.extraFields += 1;
    } else {
      const question = text(raw(choice.question));
      const answerFields =
        choice.answer === null ? note.fields.map((_, i) => i).filter((i) => i !== choice.question) : [choice.answer];
      const answer = answerFields
        .map((i) => text(raw(i)))
        .filter(Boolean)
        .join("\n");
      push(firstDeck, question, answer);
      if (unused([choice.question, ...answerFields])) losses.extraFields += 1;
      losses.otherTemplates += Math.max(0, note.cards.length - 1);
    }
    if (hadMedia) losses.media += 1;
    if (hadFormatting) losses.formatting += 1;
  }

  const { parent, decks: named } = withoutCommonParent([...decks.values()]);
  return {
    decks: named.sort((a, b) => a.name.localeCompare(b.name)),
    parent,
    tags: [...tagCounts.entries()].sort((a, b) => b[1] - a[1]).map(([tag]) => tag),
    losses,
    mediaFiles: collection.mediaFiles,
  };
}
