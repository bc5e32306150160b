import { READINGS_TEXT_MAX } from "@shared/limits";
import { z } from "zod";
import { storableText } from "./text";

/**
 * A card's text to suggest readings for (decision 0053), bounded like a card's question or answer
 * so the analyser never sees more than the deck editor could save.
 */
export const readingsInput = z.object({
  text: storableText().min(1, "readings.text_required").max(READINGS_TEXT_MAX, "readings.text_too_long"),
});
export type ReadingsInput = z.infer<typeof readingsInput>;

/** The text with readings suggested in Anki's syntax, `漢字[かんじ]`, for the author to check. */
export interface ReadingsSuggestion {
  text: string;
}
