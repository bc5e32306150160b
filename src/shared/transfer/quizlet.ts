/**
 * Quizlet's export text: term and definition separated by a tab, a comma or a custom string; cards
 * separated by a new line, a semicolon or a custom string. The separators are guessed from the
 * text (decision 0027) and shown, so the person can change them.
 */
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

export interface QuizletResult {
  cards: ImportCard[];
  /** Chunks without the term separator: no answer, left out. */
  skipped: number;
}

/** Splits each card at the first term separator: definitions may contain it again. */
export function parseQuizlet(text: string, separators: QuizletSeparators): QuizletResult {
  const normalised = text.replace(/\r\n?/g, "\n");
  const by = termText(separators.term);
  const cards: ImportCard[] = [];
  let skipped = 0;
  for (const chunk of splitCards(normalised, separators.card)) {
    const at = by === "" ? -1 : chunk.indexOf(by);
    const question = at < 0 ? "" : chunk.slice(0, at).trim();
    const answer = at < 0 ? "" : chunk.slice(at + by.length).trim();
    if (question && answer) cards.push({ question, answer });
    else skipped += 1;
  }
  return { cards, skipped };
}
