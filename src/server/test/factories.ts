/** Test data builders: every call makes new rows with unique values, so tests never collide. */
import { randomUUID } from "node:crypto";
import type { Database } from "../db/client";
import { courses, courseTags, decks, flashcards, followedCourses, users } from "../db/schema";

export async function createUser(db: Database, overrides: Partial<typeof users.$inferInsert> = {}) {
  const id = randomUUID();
  const [user] = await db
    .insert(users)
    .values({ id, name: `User ${id.slice(0, 8)}`, email: `user-${id}@test.example`, emailVerified: true, ...overrides })
    .returning();
  if (!user) throw new Error("user insert returned nothing");
  return user;
}

export interface CourseFixtureOptions {
  name?: string;
  description?: string;
  tags?: string[];
  /** Number of decks, each with `cardsPerDeck` cards. */
  decks?: number;
  cardsPerDeck?: number;
}

export async function createCourse(db: Database, ownerId: string, options: CourseFixtureOptions = {}) {
  const suffix = randomUUID().slice(0, 8);
  return db.transaction(async (tx) => {
    const [course] = await tx
      .insert(courses)
      .values({ userId: ownerId, name: options.name ?? `Course ${suffix}`, description: options.description ?? "" })
      .returning();
    if (!course) throw new Error("course insert returned nothing");
    if (options.tags?.length) {
      await tx.insert(courseTags).values(options.tags.map((tag) => ({ courseId: course.id, tag })));
    }
    const deckCount = options.decks ?? 0;
    const createdDecks =
      deckCount === 0
        ? []
        : await tx
            .insert(decks)
            .values(
              Array.from({ length: deckCount }, (_, i) => ({
                courseId: course.id,
                userId: ownerId,
                name: `Deck ${i + 1} ${suffix}`,
                level: i + 1,
              })),
            )
            .returning();
    const cardsPerDeck = options.cardsPerDeck ?? 4;
    if (createdDecks.length > 0) {
      await tx.insert(flashcards).values(
        createdDecks.flatMap((deck) =>
          Array.from({ length: cardsPerDeck }, (_, i) => ({
            deckId: deck.id,
            question: `Question ${i + 1}`,
            correctAnswer: `Answer ${i + 1}`,
            duration: 0.5,
          })),
        ),
      );
    }
    return { ...course, decks: createdDecks };
  });
}

export async function follow(db: Database, userId: string, courseId: number) {
  await db.insert(followedCourses).values({ userId, courseId });
}
