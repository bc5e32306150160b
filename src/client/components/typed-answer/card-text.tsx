import { furiganaBase } from "@shared/furigana/furigana";

/**
 * Card text as typed-answer screens show it: the base text, never Anki's `[reading]` brackets.
 * The one spot to swap for the ruby renderer when it comes (issue #24 item 3).
 */
export function CardText({ text, lang }: { text: string; lang?: string }) {
  return <span lang={lang}>{furiganaBase(text)}</span>;
}
