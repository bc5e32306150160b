import { z } from "zod";
import { IMPORT_MAX_DECKS } from "../transfer/plan";
import { courseInput, entityId } from "./course";
import { deckCreateInput } from "./deck";

/**
 * One import, sent once (decision 0027): a new course with its decks, or new decks for an existing
 * course of one's own. Every deck obeys the deck rules (4 to 50 cards, texts within limits).
 * `importId` is made by the client: sending the same import again creates nothing twice.
 */
export const importInput = z.object({
  importId: z.uuid({ message: "validation.invalid_value" }),
  target: z.discriminatedUnion(
    "kind",
    [
      z.object({ kind: z.literal("new"), course: courseInput }),
      z.object({ kind: z.literal("existing"), courseId: entityId }),
    ],
    { message: "validation.invalid_value" },
  ),
  decks: z
    .array(deckCreateInput)
    .min(1, "imports.validation.no_decks")
    .max(IMPORT_MAX_DECKS, "imports.validation.too_many_decks"),
});
export type ImportInput = z.input<typeof importInput>;
export type ValidImport = z.output<typeof importInput>;

export interface ImportResult {
  courseId: number;
  deckIds: number[];
  /** False when this import had already been made (a resend): nothing new was created. */
  created: boolean;
}

/** Bodies of an import can be large (40 decks of 50 cards): this path has its own limit. */
export const IMPORT_MAX_BODY_BYTES = 8 * 1024 * 1024;
/**
 * The most JSON values (objects, arrays and the items between commas) an import's body may hold:
 * 40 decks of 50 three-field cards come to about 8,300; a body of a million tiny objects is
 * refused by counting, before it is parsed.
 */
export const IMPORT_MAX_JSON_VALUES = 20_000;
