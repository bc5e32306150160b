/**
 * Quizlet's export text: term and definition separated by a tab, a comma or a custom string; cards
 * separated by a new line, a semicolon or a custom string. The separators are guessed from the
 * text (decision 0027) and shown, so the person can change them.
 */
import { withoutForbiddenCharacters } from "../schemas/text";
import type { ImportCard } from "./types";

export type TermSeparator = { kind: "tab" } | { kind: "comma" } | { kind: "custom"; value: string };
export type CardSeparator = { kind: "newline" } | { kind: "semicolon" } | { kind: "custom"; value: string };

export interface QuizletSeparators {
  term: TermSeparator;
  card: CardSeparator;
}

const termText = (s: TermSeparator) => (s.kind === "tab" ? "\t" : s.kind === "comma" ? "," : s.value);
const cardText = (s: CardSeparator) => (s.kind === "newline" ? "\n" : s.kind === "semicolon" ? ";" : s.value);

/**
 * Cards are on lines unless there is a single line with semicolons; terms are split by tabs when
 * most cards have one, else by commas.
 */
export function detectSeparators(text: string): QuizletSeparators {
  const normalised = text.replace(/\r\n?/g, "\n").trim();
  const lines = normalised.split("\n").filter((line) => line.trim() !== "");
  const card: CardSeparator =
    lines.length <= 1 && normalised.includes(";") ? { kind: "semicolon" } : { kind: "newline" };
  const cards = splitCards(normalised, card);
  const withTab = cards.filter((c) => c.includes("\t")).length;
  const withComma = cards.filter((c) => c.includes(",")).length;
  const term: TermSeparator =
    withTab >= withComma && withTab > 0 ? { kind: "tab" } : withComma > 0 ? { kind: "comma" } : { kind: "tab" };
  return { term, card };
}

function splitCards(text: string, separator: CardSeparator): string[] {
  const by = cardText(separator);
  if (by === "") return [text];
  return text.split(by).filter((chunk) => chunk.trim() !== "");
}

/** Why pasted chunks were left out, each counted on its own (the preview names each reason). */
export interface QuizletSkipped {
  /** Chunks without the term separator at all. */
  noSeparator: number;
  /** Chunks with the separator but nothing before it (`\tdog`). */
  noQuestion: number;
  /** Chunks with the separator but nothing after it (`犬\t`). */
  noAnswer: number;
}

export interface QuizletResult {
  cards: ImportCard[];
  skipped: QuizletSkipped;
  /** Cards whose definition holds the term separator again: kept in the answer, as written. */
  separatorInAnswer: number;
  /** Characters the database cannot store (NUL…), taken out of the text before it was split. */
  removedCharacters: number;
}

/**
 * Splits each card at the first term separator, as Quizlet's import does: whatever follows, the
 * separator included, is the definition (`牛\tcow\tox` → "牛" / "cow\tox").
 */
export function parseQuizlet(text: string, separators: QuizletSeparators): QuizletResult {
  const { text: storable, removed } = withoutForbiddenCharacters(text);
  const normalised = storable.replace(/\r\n?/g, "\n");
  const by = termText(separators.term);
  const cards: ImportCard[] = [];
  const skipped: QuizletSkipped = { noSeparator: 0, noQuestion: 0, noAnswer: 0 };
  let separatorInAnswer = 0;
  for (const chunk of splitCards(normalised, separators.card)) {
    const at = by === "" ? -1 : chunk.indexOf(by);
    if (at < 0) {
      skipped.noSeparator += 1;
      continue;
    }
    const question = chunk.slice(0, at).trim();
    const answer = chunk.slice(at + by.length).trim();
    if (!question) skipped.noQuestion += 1;
    else if (!answer) skipped.noAnswer += 1;
    else {
      cards.push({ question, answer });
      if (answer.includes(by)) separatorInAnswer += 1;
    }
  }
  return { cards, skipped, separatorInAnswer, removedCharacters: removed };
}
