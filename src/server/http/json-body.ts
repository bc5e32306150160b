/**
 * Reading a JSON request body that is already within its size limit: nesting depth and, for an
 * import, the count of values first (a linear scan, so neither `[[[[…]]]]` nor a million tiny
 * objects reaches JSON.parse), then strict UTF-8, JSON, and text that
 * PostgreSQL can store. Used by the request guard on the main thread and by the import's worker.
 */
import { JSON_MAX_DEPTH } from "@shared/limits";
import { hasForbiddenCharacters } from "@shared/schemas/text";

export type JsonProblem = "too_deep" | "too_many_values" | "not_json" | "forbidden_text";
export type JsonReading = { ok: true; value: unknown; text: string } | { ok: false; problem: JsonProblem };

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;
const COMMA = 0x2c;

/**
 * What a linear scan of the bytes finds too much of, before JSON.parse: nesting (brackets and
 * braces outside strings) deeper than `maxDepth`, or more than `maxValues` values (counted by the
 * brackets, braces and commas outside strings). UTF-8 never hides ASCII in a multi-byte character.
 */
export function jsonShapeExceeds(
  bytes: Uint8Array,
  maxDepth: number,
  maxValues: number,
): "too_deep" | "too_many_values" | null {
  let depth = 0;
  let values = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
      if (++depth > maxDepth) return "too_deep";
      if (++values > maxValues) return "too_many_values";
    } else if (byte === COMMA) {
      if (++values > maxValues) return "too_many_values";
    } else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) {
      depth--;
    }
  }
  return null;
}

/** Depth is bounded before this runs, so the walk is too. */
function containsForbiddenText(value: unknown): boolean {
  if (typeof value === "string") return hasForbiddenCharacters(value);
  if (value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) return value.some(containsForbiddenText);
  return Object.entries(value).some(([key, item]) => hasForbiddenCharacters(key) || containsForbiddenText(item));
}

/** `maxValues`: none for bodies whose size alone keeps JSON.parse short (512 KB); an import's is set. */
export function readJson(bytes: Uint8Array, maxValues = Number.POSITIVE_INFINITY): JsonReading {
  const excess = jsonShapeExceeds(bytes, JSON_MAX_DEPTH, maxValues);
  if (excess) return { ok: false, problem: excess };
  let text: string;
  let value: unknown;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    value = JSON.parse(text);
  } catch {
    return { ok: false, problem: "not_json" };
  }
  return containsForbiddenText(value) ? { ok: false, problem: "forbidden_text" } : { ok: true, value, text };
}

/** The sentence of each refusal, for the one error shape (400 invalid_request). */
export const JSON_PROBLEM_MESSAGES: Record<JsonProblem, string> = {
  too_deep: `The request body nests deeper than ${JSON_MAX_DEPTH} levels.`,
  too_many_values: "The request body holds more values than this request can have.",
  not_json: "The request body is not valid JSON in UTF-8.",
  forbidden_text: "The request holds characters that are not allowed (NUL or an unpaired surrogate).",
};
