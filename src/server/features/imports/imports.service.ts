import { type Database, queryRows } from "@server/db/client";
import { courses, courseTags, decks, flashcards, rateLimits } from "@server/db/schema";
import type { SessionUser } from "@server/http/session";
import type { ImportResult, ValidImport } from "@shared/schemas/imports";
import { eq, max, sql } from "drizzle-orm";
import { lockOwnCourse } from "../courses/courses.service";

/**
 * The import's id is remembered in `rate_limits` (a keyed row, no migration needed; decision 0027)
 * inside the same transaction as the course and decks: a resend waits for the first to commit, then
 * finds its row and returns the same course without creating anything.
 */
const importKey = (user: SessionUser, importId: string) => `import:${user.id}:${importId}`;

export async function runImport(db: Database, user: SessionUser, input: ValidImport): Promise<ImportResult> {
  return db.transaction(async (tx) => {
    const key = importKey(user, input.importId);
    const claimed = await queryRows<{ key: string }>(
      tx,
      sql`insert into ${rateLimits} (key, count, window_start) values (${key}, 0, now())
          on conflict (key) do nothing returning key`,
    );
    if (claimed.length === 0) {
      const [done] = await tx.select({ courseId: rateLimits.count }).from(rateLimits).where(eq(rateLimits.key, key));
      const courseId = done?.courseId ?? 0;
      const existing = await tx.select({ id: decks.id }).from(decks).where(eq(decks.courseId, courseId));
      return { courseId, deckIds: existing.map((d) => d.id), created: false };
    }

    let courseId: number;
    let level = 0;
    if (input.target.kind === "new") {
      const { course } = input.target;
      const [row] = await tx
        .insert(courses)
        .values({ userId: user.id, name: course.name, description: course.description })
        .returning({ id: courses.id });
      if (!row) throw new Error("course insert returned nothing");
      courseId = row.id;
      if (course.tags.length) await tx.insert(courseTags).values(course.tags.map((tag) => ({ courseId, tag })));
    } else {
      courseId = input.target.courseId;
      await lockOwnCourse(tx, user, courseId);
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
    await tx.insert(flashcards).values(
      input.decks.flatMap((deck, i) =>
        deck.cards.map((card) => ({
          deckId: created[i]?.id ?? 0,
          question: card.question,
          correctAnswer: card.answer,
          duration: card.duration,
        })),
      ),
    );
    await tx.update(rateLimits).set({ count: courseId }).where(eq(rateLimits.key, key));
    return { courseId, deckIds: created.map((d) => d.id), created: true };
  });
}
