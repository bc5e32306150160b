/**
 * Exports of a course (docs/decisions/0028-exports.md, 0037). Everything in a course is public (the
 * spec lets visitors open and study every course), so anyone may export any course. The data is
 * read with one query per table (course, tags, decks, cards: at most 50 cards a deck), never per
 * deck, inside one read-only transaction so the four reads see the same course; the file is built
 * off the event loop (export-pool.ts) and kept per course version (export-cache.ts).
 */
import { availableParallelism } from "node:os";
import { type Database, queryRows } from "@server/db/client";
import { courses, courseTags, decks, flashcards } from "@server/db/schema";
import { matchesEtag } from "@server/http/cache";
import { HttpError } from "@server/http/errors";
import type { ExportFormat } from "@shared/schemas/exports";
import { asc, eq, sql } from "drizzle-orm";
import { siteKey } from "./anki-ids";
import { type CourseExport, contentDisposition } from "./course-export";
import { ExportCache } from "./export-cache";
import { ExportPool, type ExportPoolOptions } from "./export-pool";

export async function loadCourseExport(db: Database, courseId: number): Promise<CourseExport> {
  return db.transaction(
    async (tx) => {
      const [course] = await tx
        .select({ id: courses.id, name: courses.name })
        .from(courses)
        .where(eq(courses.id, courseId));
      if (!course) throw new HttpError("not_found", "Course not found.");
      const tagRows = await tx
        .select({ tag: courseTags.tag })
        .from(courseTags)
        .where(eq(courseTags.courseId, courseId))
        .orderBy(asc(courseTags.id));
      const deckRows = await tx
        .select({ id: decks.id, name: decks.name, level: decks.level })
        .from(decks)
        .where(eq(decks.courseId, courseId))
        .orderBy(asc(decks.level));
      const cardRows = await tx
        .select({
          id: flashcards.id,
          deckId: flashcards.deckId,
          question: flashcards.question,
          answer: flashcards.correctAnswer,
          duration: flashcards.duration,
        })
        .from(flashcards)
        .innerJoin(decks, eq(decks.id, flashcards.deckId))
        .where(eq(decks.courseId, courseId))
        .orderBy(asc(flashcards.deckId), asc(flashcards.id));

      const byDeck = new Map(
        deckRows.map((deck) => [deck.id, { ...deck, cards: [] as CourseExport["decks"][number]["cards"] }]),
      );
      for (const { deckId, ...card } of cardRows) byDeck.get(deckId)?.cards.push(card);
      return { ...course, tags: tagRows.map((row) => row.tag), decks: [...byDeck.values()] };
    },
    { accessMode: "read only", isolationLevel: "repeatable read" },
  );
}

const EXTENSIONS: Record<ExportFormat, string> = { csv: "csv", quizlet: "txt", apkg: "apkg" };
const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  quizlet: "text/plain; charset=utf-8",
  apkg: "application/octet-stream",
};

/** Raised when a format's bytes change for the same course: files built by older code are not sent again. */
const EXPORT_FILE_VERSION = 2;

/** At most this many bytes of built files are kept per process (a course at the cap is a few MB). */
const EXPORT_CACHE_BYTES = 64 * 1024 * 1024;

/** The worker pool and the cache of built files, one per app. */
export interface ExportRuntime {
  pool: ExportPool;
  cache: ExportCache;
  /** Files being built, by course, format and version: a second request for one waits for it. */
  building: Map<string, Promise<Uint8Array<ArrayBuffer>>>;
}

/** On the 2-core machine one build at a time, leaving a core to answer everyone else. */
export function createExportRuntime(options: Partial<ExportPoolOptions> = {}): ExportRuntime {
  return {
    pool: new ExportPool({ workers: Math.min(2, Math.max(1, availableParallelism() - 1)), queue: 8, ...options }),
    cache: new ExportCache(EXPORT_CACHE_BYTES),
    building: new Map(),
  };
}

/**
 * The course's name and a digest of everything an export is made of: its name, tags, decks (ids,
 * levels, names) and cards (ids, decks, texts, display times). Any change to any of them changes the
 * digest, with no column to keep up to date (the tables have no updated_at). One statement over the
 * course's rows by their indexes, inside PostgreSQL.
 */
async function courseVersion(db: Database, courseId: number) {
  const [row] = await queryRows<{ name: string; digest: string }>(
    db,
    sql`select c.name, md5(concat_ws('|', md5(c.name),
        (select md5(coalesce(string_agg(md5(t.tag), ',' order by t.id), '')) from course_tags t where t.course_id = c.id),
        (select md5(coalesce(string_agg(d.id || ':' || d.level || ':' || md5(d.name), ',' order by d.level), ''))
          from decks d where d.course_id = c.id),
        (select md5(coalesce(string_agg(f.id || ':' || f.deck_id || ':' || f.duration || ':' || md5(f.question)
            || md5(f.correct_answer), ',' order by f.deck_id, f.id), ''))
          from flashcards f join decks d on d.id = f.deck_id where d.course_id = c.id)
      )) as digest
      from courses c where c.id = ${courseId}`,
  );
  if (!row) throw new HttpError("not_found", "Course not found.");
  return row;
}

function joinBytes(pieces: readonly Uint8Array<ArrayBuffer>[]): Uint8Array<ArrayBuffer> {
  if (pieces.length === 1 && pieces[0]) return pieces[0];
  const whole = new Uint8Array(pieces.reduce((sum, piece) => sum + piece.byteLength, 0));
  let offset = 0;
  for (const piece of pieces) {
    whole.set(piece, offset);
    offset += piece.byteLength;
  }
  return whole;
}

export type ExportReply =
  | { kind: "not-modified"; etag: string }
  /** Every worker busy and the queue full: 503 with Retry-After. */
  | { kind: "busy" }
  | {
      kind: "file";
      etag: string;
      contentType: string;
      disposition: string;
      /** A cached or packed file whole, or a text format as the worker writes it. */
      body: Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array<ArrayBuffer>>;
    };

/**
 * The file of one format, named after the course; `origin` is the site's public address. Sent from
 * the cache when this version of the course was exported before, else built in a worker thread.
 */
export async function exportCourse(
  db: Database,
  runtime: ExportRuntime,
  courseId: number,
  format: ExportFormat,
  { origin, now, ifNoneMatch }: { origin: string; now: Date; ifNoneMatch?: string },
): Promise<ExportReply> {
  const version = await courseVersion(db, courseId);
  // Weak: a compressed reply carries the same tag (http/cache.ts compares either form).
  const etag = `"e${EXPORT_FILE_VERSION}-${format}-${version.digest}"`;
  if (matchesEtag(ifNoneMatch, etag)) return { kind: "not-modified", etag: `W/${etag}` };
  const file = {
    etag: `W/${etag}`,
    contentType: CONTENT_TYPES[format],
    disposition: contentDisposition({ id: courseId, name: version.name }, EXTENSIONS[format]),
  };
  const slot = `${courseId}:${format}`;
  const cached = runtime.cache.get(slot, etag);
  if (cached) return { kind: "file", ...file, body: cached };
  // The same file being built for someone else: wait for it instead of building it twice.
  const building = runtime.building.get(`${slot}|${etag}`);
  if (building) return { kind: "file", ...file, body: await building };

  const place = runtime.pool.reserve();
  if (!place) return { kind: "busy" };
  const pieces: Uint8Array<ArrayBuffer>[] = [];
  const onPiece = { send: (_bytes: Uint8Array<ArrayBuffer>) => {} };
  const build = async () => {
    let course: CourseExport;
    try {
      course = await loadCourseExport(db, courseId);
    } catch (error) {
      place.release();
      throw error;
    }
    await place.run({ format, course, site: siteKey(origin), now: now.getTime() }, (bytes) => {
      pieces.push(bytes);
      onPiece.send(bytes);
    });
    const bytes = joinBytes(pieces);
    runtime.cache.set({ slot, key: etag, bytes });
    return bytes;
  };
  // Registered before the course is read, so a second request for this file meanwhile waits for
  // this build instead of taking another place (or being told the pool is full).
  const built = build().finally(() => runtime.building.delete(`${slot}|${etag}`));
  runtime.building.set(`${slot}|${etag}`, built);

  if (format === "apkg") return { kind: "file", ...file, body: await built };
  // Text streams: each piece goes out as the worker finishes it.
  const body = new ReadableStream<Uint8Array<ArrayBuffer>>({
    start(controller) {
      onPiece.send = (bytes) => controller.enqueue(bytes);
      built.then(
        () => controller.close(),
        (error: unknown) => {
          console.error(error);
          controller.error(error);
        },
      );
    },
  });
  return { kind: "file", ...file, body };
}
