/**
 * The languages a course's questions and answers may be written in (issue #24 item 4): BCP 47 tags,
 * stored on the course, put on card text as `lang` (screen readers, fonts, line breaking), used to
 * choose a speech voice and, in Write mode, kana input. A list, not any tag: a select offers it and
 * every tag in it is one browsers know. Names come from Intl.DisplayNames in the interface language.
 */
import { z } from "zod";

export const CARD_LANGUAGES = [
  "en",
  "ja",
  // Japanese written in Latin letters (romaji): spoken as Japanese, never turned into kana.
  "ja-Latn",
  "zh-Hans",
  "zh-Hant",
  "ko",
  "fr",
  "de",
  "es",
  "it",
  "pt",
  "pt-BR",
  "nl",
  "sv",
  "nb",
  "da",
  "fi",
  "pl",
  "cs",
  "hu",
  "ro",
  "el",
  "ru",
  "uk",
  "tr",
  "ar",
  "he",
  "hi",
  "th",
  "vi",
  "id",
  "la",
] as const;
export type CardLanguage = (typeof CARD_LANGUAGES)[number];

export const cardLanguage = z.enum(CARD_LANGUAGES, "validation.card_language_invalid");

/** The languages of a course's two sides, as course and deck replies carry them. */
export interface SideLanguages {
  questionLanguage: CardLanguage;
  answerLanguage: CardLanguage;
}

/** A tag's name in the interface language ("ja" → "Japanese" / "日本語"); the tag itself if unknown. */
export function languageName(tag: string, interfaceLanguage: string): string {
  try {
    return new Intl.DisplayNames([interfaceLanguage], { type: "language" }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}
