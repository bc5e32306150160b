/**
 * Exports of a course (docs/decisions/0028-exports.md). Everything in a course is public (the spec
 * lets visitors open and study every course), so anyone may export any course. The data is read
 * with one query per table (course, tags, decks, cards: at most 50 cards a deck), never per deck,
 * inside one read-only transaction so the four reads see the same course.
 */
import type { Database } from "@server/db/client";
import { courses, courseTags, decks, flashcards } from "@server/db/schema";
import { HttpError } from "@server/http/errors";
import type { ExportFormat } from "@shared/schemas/exports";
import { asc, eq } from "drizzle-orm";
import { siteKey } from "./anki-ids";
import { buildAnkiPackage } from "./anki-package";
import { type CourseExport, contentDisposition } from "./course-export";
import { buildCsv, buildQuizlet } from "./text-formats";

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

export interface ExportFile {
  body: string | Uint8Array<ArrayBuffer>;
  contentType: string;
  disposition: string;
}

const EXTENSIONS: Record<ExportFormat, string> = { csv: "csv", quizlet: "txt", apkg: "apkg" };

/** The file of one format, named after the course; `origin` is the site's public address. */
export async function exportCourse(
  db: Database,
  courseId: number,
  format: ExportFormat,
  { origin, now }: { origin: string; now: Date },
): Promise<ExportFile> {
  const course = await loadCourseExport(db, courseId);
  const site = siteKey(origin);
  const disposition = contentDisposition(course, EXTENSIONS[format]);
  switch (format) {
    case "csv":
      return { body: buildCsv(course, site), contentType: "text/csv; charset=utf-8", disposition };
    case "quizlet":
      return { body: buildQuizlet(course), contentType: "text/plain; charset=utf-8", disposition };
    case "apkg":
      return {
        // A copy typed as Hono's reply body wants it (a plain ArrayBuffer underneath).
        body: new Uint8Array(await buildAnkiPackage(course, { site, now })),
        contentType: "application/octet-stream",
        disposition,
      };
  }
}
