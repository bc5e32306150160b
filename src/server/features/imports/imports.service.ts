import type { Database } from "@server/db/client";
import { courseImports, courses, decks, flashcards } from "@server/db/schema";
import type { SessionUser } from "@server/http/session-user";
import type { ImportResult, ValidImport } from "@shared/schemas/imports";
import { and, eq, max } from "drizzle-orm";
import { ensureCourseRoom } from "../courses/course-size";
import { insertCourseTags, lockOwnCourse, newCourseLanguages } from "../courses/courses.service";

/**
 * The whole import fits the course's cap (decision 0037) or nothing is written: checked under the
 * course row lock for an existing course, and for a new one (empty) all the same.
 *
 * The import's id is claimed in `course_imports` inside the same transaction as the course and
 * decks (decision 0027): a resend waits for the first to commit, then finds the row and answers with
 * the same course and decks without creating anything.
 */
export async function runImport(db: Database, user: SessionUser, input: ValidImport): Promise<ImportResult> {
  return db.transaction(async (tx) => {
    const thisImport = and(eq(courseImports.userId, user.id), eq(courseImports.importId, input.importId));
    const claimed = await tx
      .insert(courseImports)
      .values({ userId: user.id, importId: input.importId })
      .onConflictDoNothing()
      .returning({ importId: courseImports.importId });
    if (claimed.length === 0) {
      const [done] = await tx.select().from(courseImports).where(thisImport);
      return { courseId: done?.courseId ?? 0, deckIds: done?.deckIds ?? [], created: false };
    }

    const adding = { decks: input.decks.length, cards: input.decks.reduce((sum, deck) => sum + deck.cards.length, 0) };
    let courseId: number;
    let level = 0;
    if (input.target.kind === "new") {
      const { course } = input.target;
      const [row] = await tx
        .insert(courses)
        .values({
          userId: user.id,
          name: course.name,
          description: course.description,
          ...(await newCourseLanguages(tx, user, course)),
        })
        .returning({ id: courses.id });
      if (!row) throw new Error("course insert returned nothing");
      courseId = row.id;
      await insertCourseTags(tx, courseId, course.tags);
      await ensureCourseRoom(tx, courseId, adding, "import");
    } else {
      courseId = input.target.courseId;
      await lockOwnCourse(tx, user, courseId);
      await ensureCourseRoom(tx, courseId, adding, "import");
      const [last] = await tx
        .select({ level: max(decks.level) })
        .from(decks)
        .where(eq(decks.courseId, courseId));
      level = last?.level ?? 0;
    }

    const created = await tx
      .insert(decks)
      .values(
        input.decks.map((deck, i) => ({
          courseId,
          userId: user.id,
          name: deck.name,
          description: deck.description,
          level: level + i + 1,
        })),
      )
      .returning({ id: decks.id, level: decks.level });
    created.sort((a, b) => a.level - b.level);
    // A statement per deck: one of 2,000 cards took Drizzle most of a second of the main thread to
    // build, stalling every request; between these the event loop serves others (decision 0036).
    for (const [i, deck] of input.decks.entries()) {
      await tx.insert(flashcards).values(
        deck.cards.map((card) => ({
          deckId: created[i]?.id ?? 0,
          question: card.question,
          correctAnswer: card.answer,
          duration: card.duration,
        })),
      );
    }
    const deckIds = created.map((d) => d.id);
    await tx.update(courseImports).set({ courseId, deckIds }).where(thisImport);
    return { courseId, deckIds, created: true };
  });
}
