import { TEST_OPTION_COUNT } from "@shared/limits";
import { shuffle } from "./shuffle";

/**
 * The choices for one question: its answer and up to three other answers of the deck, distinct
 * from it and from each other (compared trimmed), in random order. A deck with few distinct
 * answers gives fewer choices.
 */
export function answerOptions(
  correct: string,
  deckAnswers: readonly string[],
  random: () => number = Math.random,
): string[] {
  const seen = new Set([correct.trim()]);
  const others: string[] = [];
  for (const answer of shuffle(deckAnswers, random)) {
    const key = answer.trim();
    if (seen.has(key)) continue;
    seen.add(key);
    others.push(answer);
    if (others.length === TEST_OPTION_COUNT - 1) break;
  }
  return shuffle([correct, ...others], random);
}
