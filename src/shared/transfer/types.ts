/**
 * What every import format is turned into before the preview: decks of question/answer cards,
 * course tags, and counts of what the conversion left behind (shown in the preview, decision 0027).
 */

export interface ImportCard {
  question: string;
  answer: string;
  /** Display time in seconds, when the source carries one (our own CSV export); else the default. */
  duration?: number;
}

export interface ImportDeck {
  name: string;
  cards: ImportCard[];
}

/** Counts of what cannot come along. Every count is shown with its own text in the preview. */
export interface ImportLosses {
  /** Cards whose text referred to images or sounds (the reference is removed). */
  media: number;
  /** Fields whose HTML formatting (bold, colours, lists…) became plain text. */
  formatting: number;
  /** Notes with non-empty fields that are neither the question nor the answer. */
  extraFields: number;
  /** Cards that had been studied in Anki: their scheduling starts afresh here. */
  scheduling: number;
  /** Cards of other templates than the first (reversed cards and the like). */
  otherTemplates: number;
  /** Cards without a question or an answer after conversion. */
  emptyCards: number;
  /** Cloze cards of a note beyond its first CLOZE_MAX_PER_NOTE numbers. */
  clozesBeyondLimit: number;
  /** Questions or answers longer than the limit, cut short. */
  shortened: number;
  /** Characters the database cannot store (NUL, a lone UTF-16 surrogate), taken out of the texts. */
  removedCharacters: number;
}

export const NO_LOSSES: ImportLosses = {
  media: 0,
  formatting: 0,
  extraFields: 0,
  scheduling: 0,
  otherTemplates: 0,
  emptyCards: 0,
  clozesBeyondLimit: 0,
  shortened: 0,
  removedCharacters: 0,
};

export function addLosses(a: ImportLosses, b: Partial<ImportLosses>): ImportLosses {
  const sum = { ...a };
  for (const key of Object.keys(b) as (keyof ImportLosses)[]) sum[key] += b[key] ?? 0;
  return sum;
}

/** Why a file cannot be imported: each code has a text in both languages (`imports.errors.<code>`). */
export type ImportErrorCode =
  | "empty"
  | "too_large"
  | "not_zip"
  | "corrupt"
  | "no_collection"
  | "unknown_schema"
  | "zip_bomb"
  | "broken_quotes"
  | "no_cards"
  | "unsupported_type"
  | "read_failed"
  | "unknown_encoding";

export class ImportFileError extends Error {
  constructor(
    readonly code: ImportErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "ImportFileError";
  }
}

/** Largest file the import page reads at all (the "200 MB file" is refused). */
export const IMPORT_MAX_FILE_BYTES = 100 * 1024 * 1024;

/**
 * What one Anki package may unpack to in all: the zip entries inflated (a collection, the media
 * list) and the zstd data decompressed, counted together (decision 0039).
 */
export const MAX_UNPACKED_BYTES = 512 * 1024 * 1024;

export function assertFileSize(bytes: number): void {
  if (bytes === 0) throw new ImportFileError("empty", "The file is empty.");
  if (bytes > IMPORT_MAX_FILE_BYTES) throw new ImportFileError("too_large", "The file is larger than 100 MB.");
}
