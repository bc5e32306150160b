import { z } from "zod";

/**
 * What a course can be exported as (docs/decisions/0028-exports.md): a CSV with Anki's text-file
 * headers, Quizlet's import text (term TAB definition, a card a line), and an Anki package.
 */
export const EXPORT_FORMATS = ["csv", "quizlet", "apkg"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const exportQuery = z.object({
  format: z.enum(EXPORT_FORMATS, { message: "exports.unknown_format" }),
});

/** The download's address, for links (the server names the file). */
export function exportPath(courseId: number, format: ExportFormat): string {
  return `/api/exports/${courseId}?format=${format}`;
}
