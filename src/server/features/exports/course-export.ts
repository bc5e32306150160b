/**
 * What an export is built from: one course with its tags, its decks in level order and each deck's
 * cards in creation order (the order the deck page shows). Every format is a pure function of this.
 */
export interface ExportCard {
  id: number;
  question: string;
  answer: string;
  /** Display time in seconds (0.5–30): the CSV's Duration column, read back by the import. */
  duration: number;
}

export interface ExportDeck {
  id: number;
  name: string;
  level: number;
  cards: ExportCard[];
}

export interface CourseExport {
  id: number;
  name: string;
  tags: string[];
  decks: ExportDeck[];
}

/**
 * One level of an Anki deck name: "::" would start a new level and line breaks or control
 * characters have no place in a name, so they become ":" and single spaces.
 */
function deckNamePart(name: string, fallback: string): string {
  const clean = name
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f\s]+/g, " ")
    .replace(/:{2,}/g, ":")
    .trim();
  return clean || fallback;
}

/** The Anki name of the course's own deck, the parent of its decks. */
export function ankiCourseDeckName(course: Pick<CourseExport, "id" | "name">): string {
  return deckNamePart(course.name, `Course ${course.id}`);
}

/** "Course::Deck": Anki shows the course's decks under one parent deck. */
export function ankiDeckName(course: Pick<CourseExport, "id" | "name">, deck: Pick<ExportDeck, "level" | "name">) {
  return `${ankiCourseDeckName(course)}::${deckNamePart(deck.name, `Deck ${deck.level}`)}`;
}

/** Anki separates tags with spaces: a space inside one of ours becomes "_". */
export function ankiTag(tag: string): string {
  return tag.trim().replace(/[\s\u3000]+/g, "_");
}

export function ankiTags(tags: readonly string[]): string[] {
  return [...new Set(tags.map(ankiTag).filter(Boolean))];
}

/** A file name for the download: the course's name as it is (filename*), and an ASCII stand-in. */
export function downloadNames(course: Pick<CourseExport, "id" | "name">, extension: string) {
  const base =
    course.name
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters never belong in a file name
      .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, " ")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, 100)
      .trim() || `course-${course.id}`;
  const ascii =
    base
      .normalize("NFKD")
      .replace(/[^A-Za-z0-9 ._-]+/g, "_")
      .replace(/_+/g, "_")
      .replace(/^[ ._]+|[ ._]+$/g, "") || `course-${course.id}`;
  return { unicode: `${base}.${extension}`, ascii: `${ascii}.${extension}` };
}

/** Percent-encodes for RFC 5987's `filename*` (attr-char: letters, digits and !#$&+-.^_`|~ stay). */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** `attachment` with the plain ASCII name for old clients and the real name as `filename*` (RFC 6266). */
export function contentDisposition(course: Pick<CourseExport, "id" | "name">, extension: string): string {
  const { unicode, ascii } = downloadNames(course, extension);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(unicode)}`;
}
