/**
 * Checking a typed answer (issue #24, decision 0051): lenient in the ways learners expect, and
 * nothing more. A pure function, shared so that every screen that takes typed answers judges alike.
 *
 * - Unicode NFKC (full-width letters, half-width katakana, ideographic spaces), then case.
 * - Spaces and punctuation around the answer, and runs of spaces inside it, do not count.
 * - Hiragana and katakana are the same letters.
 * - Text in parentheses is optional: "(to) eat" accepts "eat" and "to eat".
 * - Alternatives separated by `;`, `/` or `、` (outside parentheses) are each accepted.
 * - Furigana (`食べる[たべる]`): the base text or the reading is accepted.
 * - A small typo in a longer Latin answer is "almost" (it counts as right): Damerau–Levenshtein
 *   distance ≤ 1 for 5–9 letters, ≤ 2 for 10 or more, never when the numbers in it differ.
 */
import damerauLevenshtein from "damerau-levenshtein";
import { furiganaBase, furiganaReading } from "../furigana/furigana";

export type AnswerVerdict = "right" | "almost" | "wrong";

export interface AnswerCheck {
  verdict: AnswerVerdict;
  /** The accepted form nearest to the given answer, as written (no readings): what to show beside it. */
  nearest: string;
}

const SEPARATORS = new Set([";", "/", "、"]);
/** More optional parts than this: only "all of them" and "none of them" are accepted. */
const MAX_OPTIONAL_PARTS = 3;
// Brackets, quotes and sentence punctuation; not `-` (a negative number), `#` or `+` (C#, C++).
const EDGE = /^[\s\p{Ps}\p{Pe}\p{Pi}\p{Pf}.,!?;:'"。、・…‥¡¿]+|[\s\p{Ps}\p{Pe}\p{Pi}\p{Pf}.,!?;:'"。、・…‥¡¿]+$/gu;
const KATAKANA = /[\u30a1-\u30f6\u30fd\u30fe]/g;
const LATIN_ONLY = /^[\p{Script=Latin}\p{N}\p{P}\s]+$/u;
const LETTER = /\p{L}/gu;
const DIGITS = /\p{N}/gu;

/** The text as compared: NFKC, lower case, katakana as hiragana, spaces and outer punctuation tidied. */
export function normalizeAnswer(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(KATAKANA, (kana) => String.fromCharCode(kana.charCodeAt(0) - 0x60))
    .replace(/\s+/gu, " ")
    .replace(EDGE, "");
}

/** Splits at separators that are not inside parentheses. */
function alternatives(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = "";
  for (const char of text) {
    if (char === "(") depth += 1;
    else if (char === ")") depth = Math.max(0, depth - 1);
    if (depth === 0 && SEPARATORS.has(char)) {
      parts.push(current);
      current = "";
    } else current += char;
  }
  parts.push(current);
  return parts;
}

/** Each way of keeping or leaving out the parenthesised parts ("(to) eat" → "eat", "to eat"). */
function optionalForms(text: string): string[] {
  const pieces = text.split(/(\([^()]*\))/u);
  const optional = pieces.filter((_, index) => index % 2 === 1).length;
  const keep = (mask: number, all: boolean) =>
    pieces
      .map((piece, index) => {
        if (index % 2 === 0) return piece;
        const kept = all ? mask === 1 : ((mask >> ((index - 1) / 2)) & 1) === 1;
        return kept ? piece.slice(1, -1) : " ";
      })
      .join("");
  if (optional === 0) return [text];
  if (optional > MAX_OPTIONAL_PARTS) return [keep(0, true), keep(1, true)];
  return Array.from({ length: 2 ** optional }, (_, mask) => keep(mask, false));
}

interface Form {
  /** As written, for display. */
  shown: string;
  compared: string;
}

/** Every form the expected answer accepts (base text and reading, each alternative, parentheses optional). */
function acceptedForms(expected: string): Form[] {
  const forms: Form[] = [];
  const seen = new Set<string>();
  for (const side of new Set([furiganaBase(expected), furiganaReading(expected)])) {
    for (const alternative of alternatives(side.normalize("NFKC"))) {
      const shown = alternative.trim();
      for (const form of optionalForms(alternative)) {
        const compared = normalizeAnswer(form);
        if (compared === "" || seen.has(compared)) continue;
        seen.add(compared);
        forms.push({ shown, compared });
      }
    }
  }
  return forms;
}

/** How many typos a Latin answer of this many letters allows. */
export function typoAllowance(letters: number): number {
  if (letters >= 10) return 2;
  if (letters >= 5) return 1;
  return 0;
}

const digitsOf = (text: string) => (text.match(DIGITS) ?? []).join("");

/** Within the typo allowance: both Latin, the same numbers, and few enough edits. */
function isTypo(form: string, given: string): boolean {
  if (!LATIN_ONLY.test(form) || !LATIN_ONLY.test(given)) return false;
  if (digitsOf(form) !== digitsOf(given)) return false;
  const allowed = typoAllowance(form.match(LETTER)?.length ?? 0);
  if (allowed === 0 || Math.abs(form.length - given.length) > allowed) return false;
  return damerauLevenshtein(form, given).steps <= allowed;
}

/** Judges a typed answer against a card's answer (which may hold alternatives and furigana). */
export function checkAnswer(expected: string, given: string): AnswerCheck {
  const forms = acceptedForms(expected);
  // A learner may type the optional part's parentheses too: "(to) eat" is "to eat".
  const typed = normalizeAnswer(given.normalize("NFKC").replace(/[()]/gu, " "));
  const fallback = furiganaBase(expected).trim();
  if (typed === "" || forms.length === 0) return { verdict: "wrong", nearest: forms[0]?.shown ?? fallback };
  const exact = forms.find((form) => form.compared === typed);
  if (exact) return { verdict: "right", nearest: exact.shown };
  const typo = forms.find((form) => isTypo(form.compared, typed));
  if (typo) return { verdict: "almost", nearest: typo.shown };
  // The alternative closest to what was typed, so the difference shown is the one that matters.
  let nearest = forms[0] as Form;
  let best = Number.POSITIVE_INFINITY;
  for (const form of forms) {
    const steps = damerauLevenshtein(form.compared, typed).steps;
    if (steps < best) [nearest, best] = [form, steps];
  }
  return { verdict: "wrong", nearest: nearest.shown };
}

const KANA_ONLY = /^[\p{Script=Hiragana}\p{Script=Katakana}ー\s\p{P}]+$/u;
const HAS_KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;

/**
 * Whether the answer is typed in kana: its reading (furigana read, NFKC) is kana, long-vowel marks,
 * spaces and punctuation only. Then a field may turn romaji into kana as it is typed.
 */
export function expectsKana(expected: string): boolean {
  const reading = furiganaReading(expected).normalize("NFKC");
  return KANA_ONLY.test(reading) && HAS_KANA.test(reading);
}
