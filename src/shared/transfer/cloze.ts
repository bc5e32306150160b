/**
 * Anki cloze notes ("{{c1::Paris::capital}} is the capital of {{c2::France}}") become one card per
 * cloze number: the question shows that number's deletions as "[…]" (or "[hint]"), the others as
 * their text; the answer is what was deleted.
 */

const CLOZE = /\{\{c(\d+)::([\s\S]*?)(?:::([\s\S]*?))?\}\}/g;

export interface ClozeCard {
  ordinal: number;
  question: string;
  answer: string;
}

/** The cloze numbers a text uses, in ascending order. */
export function clozeNumbers(text: string): number[] {
  const numbers = new Set<number>();
  for (const match of text.matchAll(CLOZE)) numbers.add(Number(match[1]));
  return [...numbers].sort((a, b) => a - b);
}

export function expandCloze(text: string): ClozeCard[] {
  return clozeNumbers(text).map((ordinal) => {
    const answers: string[] = [];
    const question = text.replace(CLOZE, (_whole, n: string, content: string, hint?: string) => {
      if (Number(n) !== ordinal) return content;
      answers.push(content);
      return hint ? `[${hint}]` : "[…]";
    });
    return { ordinal, question, answer: answers.join(", ") };
  });
}
