/**
 * Anki cloze notes ("{{c1::Paris::capital}} is the capital of {{c2::France}}") become one card per
 * cloze number: the question shows that number's deletions as "[…]" (or "[hint]"), the others as
 * their text; the answer is what was deleted. A note gives at most CLOZE_MAX_PER_NOTE cards (a
 * deck's whole size): each costs a copy of the note's text, so a note written with thousands of
 * numbers would otherwise cost thousands of copies; the rest are counted as lost.
 */
import { DECK_MAX_CARDS } from "../limits";

export const CLOZE_MAX_PER_NOTE = DECK_MAX_CARDS;

const OPENING = /\{\{c(\d+)::/g;

interface Deletion {
  start: number;
  end: number;
  ordinal: number;
  content: string;
  hint: string;
}

/**
 * The deletions, found in one pass: each runs from `{{cN::` to the first `}}` after it, its hint
 * after the first `::` inside. The position of that `}}` is remembered until the scan passes it (a
 * lazy `[\s\S]*?\}\}` searched to the end again from every `{{c1::` when no `}}` followed).
 */
function deletions(text: string): Deletion[] {
  const found: Deletion[] = [];
  let close = -1;
  OPENING.lastIndex = 0;
  for (let match = OPENING.exec(text); match; match = OPENING.exec(text)) {
    const from = match.index + match[0].length;
    if (close < from) close = text.indexOf("}}", from);
    if (close < 0) break;
    const inner = text.slice(from, close);
    const colons = inner.indexOf("::");
    found.push({
      start: match.index,
      end: close + 2,
      ordinal: Number(match[1]),
      content: colons < 0 ? inner : inner.slice(0, colons),
      hint: colons < 0 ? "" : inner.slice(colons + 2),
    });
    OPENING.lastIndex = close + 2;
  }
  return found;
}

export interface ClozeCard {
  ordinal: number;
  question: string;
  answer: string;
}

/** The note's cards, lowest numbers first, and how many numbers beyond the limit were left out. */
export function expandCloze(text: string): { cards: ClozeCard[]; beyondLimit: number } {
  const found = deletions(text);
  const ordinals = [...new Set(found.map((deletion) => deletion.ordinal))].sort((a, b) => a - b);
  const kept = ordinals.slice(0, CLOZE_MAX_PER_NOTE);
  const cards = kept.map((ordinal) => {
    const parts: string[] = [];
    const answers: string[] = [];
    let at = 0;
    for (const deletion of found) {
      parts.push(text.slice(at, deletion.start));
      if (deletion.ordinal === ordinal) {
        answers.push(deletion.content);
        parts.push(deletion.hint ? `[${deletion.hint}]` : "[…]");
      } else parts.push(deletion.content);
      at = deletion.end;
    }
    parts.push(text.slice(at));
    return { ordinal, question: parts.join(""), answer: answers.join(", ") };
  });
  return { cards, beyondLimit: ordinals.length - kept.length };
}
