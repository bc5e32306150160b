/**
 * A practice round (issue #23 item 4): the cards in a shuffled order, each answered once, right
 * or wrong, with nothing written to the schedule. What the end screen says and offers next.
 */
import { shuffle } from "./shuffle";

export interface PracticeCardView {
  id: number;
  question: string;
  answer: string;
}

export interface RoundSummary<Card extends PracticeCardView> {
  /** Cards answered in the round. */
  answered: number;
  known: number;
  /** Cards answered wrong, in the order they were shown. */
  missed: Card[];
  /** Cards the round still held when it was ended early. */
  left: number;
}

/** A new round over `cards`: every card once, in a random order. */
export function newRound<Card extends PracticeCardView>(cards: readonly Card[], random?: () => number): Card[] {
  return shuffle(cards, random);
}

/** The round so far: `results` holds each answered card's verdict (true: known). */
export function summarise<Card extends PracticeCardView>(
  round: readonly Card[],
  results: ReadonlyMap<number, boolean>,
): RoundSummary<Card> {
  const answered = round.filter((card) => results.has(card.id));
  return {
    answered: answered.length,
    known: answered.filter((card) => results.get(card.id) === true).length,
    missed: answered.filter((card) => results.get(card.id) === false),
    left: round.length - answered.length,
  };
}
