/**
 * Kanji, as reading suggestions see them (decision 0053): Han characters, the repetition mark 々,
 * 〆 and the small ヶ/ヵ of counters (一ヶ月), which are read like kanji and get a reading with them.
 */
export const KANJI = /[\p{Script=Han}々〆ヶヵ]/u;

/** True when the text has a kanji, so readings could be suggested for it. */
export function hasKanji(text: string): boolean {
  return KANJI.test(text);
}
