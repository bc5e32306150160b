/**
 * Readings on card text in Anki's furigana syntax (issue #24): `漢字[かんじ]` puts かんじ over 漢字.
 * As in Anki, the base of a reading runs back from its `[` to the nearest space (which only marks
 * where it starts and is not shown) or to the start of the text or of the previous reading:
 * `日本[にほん] 語[ご]`, `私は 日本[にほん]`. Here a base holds no space, `[` or `]`, and a reading is
 * not empty and holds no `[` or `]`; anything else (`[`, `漢字[`, `漢[字[じ]]`) is plain text.
 * Pure functions: the renderer, the answer checker and the plain-text places all read this.
 */

/** A run of text, with its reading when it has one. */
export interface FuriganaSegment {
  text: string;
  reading?: string;
}

// An optional space, a base, and its reading in brackets.
const READING = / ?([^\s[\]]+)\[([^[\]]+)\]/gu;

/** The text cut into plain runs and runs with readings, in order; adjacent plain runs are joined. */
export function parseFurigana(source: string): FuriganaSegment[] {
  const segments: FuriganaSegment[] = [];
  const pushText = (text: string) => {
    if (text === "") return;
    const last = segments[segments.length - 1];
    if (last && last.reading === undefined) last.text += text;
    else segments.push({ text });
  };
  let position = 0;
  for (const match of source.matchAll(READING)) {
    const [whole, base = "", reading = ""] = match;
    const start = match.index ?? 0;
    pushText(source.slice(position, start));
    // A reading of blanks only is not a reading: keep the text as it was typed.
    if (reading.trim() === "") pushText(whole);
    else segments.push({ text: base, reading: reading.trim() });
    position = start + whole.length;
  }
  pushText(source.slice(position));
  return segments;
}

/** True when the text has at least one reading. */
export function hasFurigana(source: string): boolean {
  return parseFurigana(source).some((segment) => segment.reading !== undefined);
}

/** The text as written, without readings (`日本[にほん] 語[ご]` → `日本語`): search, titles, CSV. */
export function furiganaBase(source: string): string {
  return parseFurigana(source)
    .map((segment) => segment.text)
    .join("");
}

/** The text as read, each base replaced by its reading (`日本[にほん] 語[ご]` → `にほんご`). */
export function furiganaReading(source: string): string {
  return parseFurigana(source)
    .map((segment) => segment.reading ?? segment.text)
    .join("");
}

/** Segments back to Anki's syntax; `formatFurigana(parseFurigana(s))` keeps every reading of `s`. */
export function formatFurigana(segments: readonly FuriganaSegment[]): string {
  let out = "";
  for (const segment of segments) {
    if (segment.reading === undefined) {
      out += segment.text;
      continue;
    }
    // A space before a base that follows other text marks where the base starts (and is not
    // shown: one space before a base is always taken as that mark, so it is always written).
    out += `${out === "" ? "" : " "}${segment.text}[${segment.reading}]`;
  }
  return out;
}
