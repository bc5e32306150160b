/**
 * What the person chose (pasted text with its separators, a table with its columns, an Anki
 * collection with its fields) to decks, tags and losses: the input of the preview.
 */
import type { AnkiCollection } from "@shared/transfer/anki";
import { ankiToDecks, type FieldChoices } from "@shared/transfer/anki-convert";
import { type ColumnChoice, type DelimitedTable, tableToDecks } from "@shared/transfer/csv";
import { parseQuizlet, type QuizletSeparators, type QuizletSkipped } from "@shared/transfer/quizlet";
import { type ImportDeck, type ImportLosses, NO_LOSSES } from "@shared/transfer/types";

export interface SourceResult {
  decks: ImportDeck[];
  tags: string[];
  losses: ImportLosses;
  /** A name for the course found in the source (an Anki parent deck), if any. */
  parent?: string | null;
  /** Pasted chunks left out, by reason (none for files). */
  skippedLines: QuizletSkipped;
  /** Pasted cards whose answer holds the term separator again (split at the first one). */
  separatorInAnswer: number;
  mediaFiles: number;
}

export type Source =
  | { kind: "paste"; text: string; separators: QuizletSeparators; deckName: string }
  | { kind: "table"; table: DelimitedTable; columns: ColumnChoice; deckName: string }
  | { kind: "anki"; collection: AnkiCollection; fields: FieldChoices };

const NO_SKIPPED_LINES: QuizletSkipped = { noSeparator: 0, noQuestion: 0, noAnswer: 0 };

export function sourceResult(source: Source): SourceResult {
  if (source.kind === "paste") {
    const { cards, skipped, separatorInAnswer, removedCharacters } = parseQuizlet(source.text, source.separators);
    return {
      decks: cards.length ? [{ name: source.deckName, cards }] : [],
      tags: [],
      losses: { ...NO_LOSSES, removedCharacters },
      skippedLines: skipped,
      separatorInAnswer,
      mediaFiles: 0,
    };
  }
  const notPasted = { skippedLines: NO_SKIPPED_LINES, separatorInAnswer: 0 };
  if (source.kind === "table") {
    return { ...tableToDecks(source.table, source.columns, source.deckName), ...notPasted, mediaFiles: 0 };
  }
  return { ...ankiToDecks(source.collection, source.fields), ...notPasted };
}

/** "Spanish.apkg" → "Spanish". */
export function baseName(fileName: string): string {
  return fileName.replace(/\.[^.]+$/, "").trim();
}
