/**
 * Readings suggested for card text (decision 0053), as pure functions over a morphological
 * analyser's words: each word with kanji gets its dictionary reading in Anki's syntax, with the
 * kana it shares with its reading kept outside the brackets (食べる → 食[た]べる, 取り扱い →
 * 取[と]り 扱[あつか]い). Readings already in the text are kept as written: the whole text is
 * analysed (words read better in their sentence) and only its plain runs get readings.
 */

import { type FuriganaSegment, formatFurigana, parseFurigana } from "@shared/furigana/furigana";
import { KANJI } from "@shared/furigana/kanji";

/** A word as the analyser cut it, with its reading in katakana when the dictionary knows it. */
export interface Word {
  surface: string;
  reading?: string;
}

/** Analyses several texts at once, a list of words for each (in a worker: readings-pool.ts). */
export type Analyse = (texts: string[]) => Promise<Word[][]>;

// Kanji runs as a splitting pattern: the parts at even places are other text, at odd places kanji.
const KANJI_SPLIT = new RegExp(`(${KANJI.source}+)`, "u");
// What a base may not hold in Anki's syntax (furigana.ts): such a word keeps no reading.
const NOT_IN_BASE = /[\s[\]]/u;

/** Katakana as hiragana, so a word's kana and its reading (katakana from the dictionary) compare. */
export function toHiragana(text: string): string {
  return text.replace(/[\u30A1-\u30F6]/gu, (kana) => String.fromCharCode(kana.charCodeAt(0) - 0x60));
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A piece of a word: a kanji run to read, its other text, or a part the author already read. */
type Piece = FuriganaSegment & { kanji?: true };

/**
 * The word's parts with readings for their kanji runs, one list per part, when its reading can be
 * cut to fit: each kanji run becomes a group of a pattern whose other pieces are the word's kana
 * and the readings already given (見ず知らず, みずしらず → 見[み]ず 知[し]らず). Null when it cannot.
 */
function alignParts(parts: readonly FuriganaSegment[], kana: string): FuriganaSegment[][] | null {
  const pieces = parts.map((part): Piece[] =>
    part.reading !== undefined
      ? [part]
      : part.text
          .split(KANJI_SPLIT)
          .flatMap((text, i): Piece[] => (text === "" ? [] : i % 2 === 1 ? [{ text, kanji: true }] : [{ text }])),
  );
  const pattern = pieces
    .flat()
    .map((piece) => (piece.kanji ? "(.+?)" : escapeRegExp(toHiragana(piece.reading ?? piece.text))))
    .join("");
  const match = new RegExp(`^${pattern}$`, "u").exec(kana);
  if (!match) return null;
  let group = 0;
  return pieces.map((list) =>
    list.map(({ text, reading, kanji }): FuriganaSegment => {
      if (kanji) return { text, reading: match[++group] ?? "" };
      return reading === undefined ? { text } : { text, reading };
    }),
  );
}

/**
 * One word's segments: its kanji runs read as alignParts cuts its reading, else (an irregular
 * reading, digits read out) the kana shared at both ends kept outside one reading for the rest.
 */
export function alignWord({ surface, reading }: Word): FuriganaSegment[] {
  if (!reading || !KANJI.test(surface) || NOT_IN_BASE.test(surface)) return [{ text: surface }];
  const kana = toHiragana(reading);
  return alignParts([{ text: surface }], kana)?.[0] ?? stripSharedKana(surface, kana);
}

/** The fallback: kana the word and its reading share at the start and at the end stay plain. */
function stripSharedKana(surface: string, kana: string): FuriganaSegment[] {
  const written = toHiragana(surface);
  let start = 0;
  while (start < written.length && start < kana.length && written[start] === kana[start]) start += 1;
  let end = 0;
  while (
    end < written.length - start &&
    end < kana.length - start &&
    written[written.length - 1 - end] === kana[kana.length - 1 - end]
  )
    end += 1;
  const base = surface.slice(start, surface.length - end);
  const baseReading = kana.slice(start, kana.length - end);
  if (baseReading === "") return [{ text: surface }];
  return [
    { text: surface.slice(0, start) },
    { text: base, reading: baseReading },
    { text: surface.slice(surface.length - end) },
  ].filter((segment) => segment.text !== "");
}

interface Span<T> {
  item: T;
  start: number;
  end: number;
}

function spans<T extends { text: string } | Word>(items: readonly T[]): Span<T>[] {
  let position = 0;
  return items.map((item) => {
    const start = position;
    position += "text" in item ? item.text.length : item.surface.length;
    return { item, start, end: position };
  });
}

/**
 * The segments of a plain run's part of a word that also covers readings the author gave (日本語
 * when the text is `日本[にほん]語`): the word's reading less theirs, cut as alignParts cuts it.
 * Null when the word has no reading, cuts through one of theirs, or its reading does not fit.
 */
function alignAcross(word: Span<Word>, segments: readonly Span<FuriganaSegment>[], plain: Span<FuriganaSegment>) {
  if (!word.item.reading) return null;
  const inWord = segments.filter((s) => s.start < word.end && s.end > word.start);
  if (inWord.some((s) => s.item.reading !== undefined && (s.start < word.start || s.end > word.end))) return null;
  const parts = inWord.map((s) =>
    s.item.reading !== undefined
      ? s.item
      : {
          text: s.item.text.slice(Math.max(0, word.start - s.start), Math.min(s.item.text.length, word.end - s.start)),
        },
  );
  return alignParts(parts, toHiragana(word.item.reading))?.[inWord.indexOf(plain)] ?? null;
}

const isPlainWithKanji = (segment: FuriganaSegment) => segment.reading === undefined && KANJI.test(segment.text);

/**
 * The text with readings suggested for its words with kanji, in Anki's syntax. Its base text (the
 * text without readings) is always the input's; readings already in the text are kept as written.
 * The analyser sees the whole base text; a piece of a word it could not read with the author's
 * readings around it is analysed again on its own.
 */
export async function suggestReadings(text: string, analyse: Analyse): Promise<string> {
  const segments = parseFurigana(text);
  if (!segments.some(isPlainWithKanji)) return formatFurigana(segments);
  const base = segments.map((segment) => segment.text).join("");
  const [analysed = []] = await analyse([base]);
  // The analyser's words cover its text exactly; were they not to, the text is left as it was.
  if (analysed.map((word) => word.surface).join("") !== base) return formatFurigana(segments);
  const words = spans(analysed);
  const segmentSpans = spans(segments);

  const out: (FuriganaSegment | { again: string })[] = [];
  for (const segment of segmentSpans) {
    if (segment.item.reading !== undefined) {
      out.push(segment.item);
      continue;
    }
    for (const word of words.filter((w) => w.start < segment.end && w.end > segment.start)) {
      if (word.start >= segment.start && word.end <= segment.end) {
        for (const part of alignWord(word.item)) out.push(part);
      } else {
        const piece = base.slice(Math.max(word.start, segment.start), Math.min(word.end, segment.end));
        for (const part of alignAcross(word, segmentSpans, segment) ?? [{ again: piece }]) out.push(part);
      }
    }
  }

  const again = out.flatMap((part) => ("again" in part && KANJI.test(part.again) ? [part.again] : []));
  const reread = again.length > 0 ? await analyse(again) : [];
  let next = 0;
  return formatFurigana(
    out.flatMap((part) => {
      if (!("again" in part)) return [part];
      if (!KANJI.test(part.again)) return [{ text: part.again }];
      const piece = reread[next++] ?? [];
      return piece.map((word) => word.surface).join("") === part.again
        ? piece.flatMap(alignWord)
        : [{ text: part.again }];
    }),
  );
}
