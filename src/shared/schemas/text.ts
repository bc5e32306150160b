/**
 * Text that PostgreSQL can store as it was typed: no NUL character (PostgreSQL refuses 0x00) and
 * no unpaired UTF-16 surrogate (it would be stored as U+FFFD, silently changing the text).
 */
import { z } from "zod";

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasForbiddenCharacters(value: string): boolean {
  return value.includes("\u0000") || LONE_SURROGATE.test(value);
}

/** A string schema that refuses NUL and lone surrogates with the `validation.text_invalid_characters` key. */
export const storableText = () =>
  z.string().refine((value) => !hasForbiddenCharacters(value), "validation.text_invalid_characters");

// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what this finds
const FORBIDDEN_CHARACTERS = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * The text without what `hasForbiddenCharacters` refuses, and how many characters were taken out:
 * imported files are cleaned (and the preview says so) rather than refused whole.
 */
export function withoutForbiddenCharacters(value: string): { text: string; removed: number } {
  let removed = 0;
  const text = value.replace(FORBIDDEN_CHARACTERS, () => {
    removed += 1;
    return "";
  });
  return { text, removed };
}
