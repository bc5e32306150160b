/**
 * Test data builders, straight into the database: every call makes new rows with unique values, so
 * tests never collide, and a builder makes the parents it is not given (a deck without a course
 * gets a new course, a course without an owner a new user), as Outline's factories do.
 * Signing up over HTTP (0.3 s: a password hash, a mail, a confirmation request) stays in the
 * accounts tests; everywhere else a user is a few rows and a session is one more (test/session.ts).
 */
import { randomUUID } from "node:crypto";
import type { Language } from "@shared/limits";
import { hashPassword } from "better-auth/crypto";
import type { Database } from "../db/client";
import {
  accounts,
  cardMemory,
  courses,
  courseTags,
  decks,
  flashcards,
  followedCourses,
  userProfiles,
  users,
} from "../db/schema";

export const TEST_PASSWORD = "correct-horse-1";

/** Hashing costs ~0.1 s of CPU (scrypt): hash each password once per test file. */
const hashes = new Map<string, Promise<string>>();
const passwordHash = (password: string) => {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
};

export interface UserFixtureOptions extends Partial<typeof users.$inferInsert> {
  /** Gives the user an email-and-password account, as signing up does (hashed as the library does). */
  password?: string;
  /** The profile row signing up makes (false: none, as for a user who never signed in). */
  profile?: boolean;
  language?: Language | null;
}

/** A confirmed user, with the profile row signing up makes; `password` adds a credential account. */
export async function createUser(db: Database, options: UserFixtureOptions = {}) {
  const { password, profile = true, language = null, ...columns } = options;
  const id = columns.id ?? randomUUID();
  const [user] = await db
    .insert(users)
    .values({ id, name: `User ${id.slice(0, 8)}`, email: `user-${id}@test.example`, emailVerified: true, ...columns })
    .returning();
  if (!user) throw new Error("user insert returned nothing");
  if (profile) await db.insert(userProfiles).values({ userId: user.id, email: user.email, language });
  if (password !== undefined) {
    await db.insert(accounts).values({
      id: randomUUID(),
      accountId: user.id,
      providerId: "credential",
      userId: user.id,
      password: await passwordHash(password),
    });
  }
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

/** A course of `ownerId` (a new user when not given), with its tags, decks and cards. */
export async function createCourse(db: Database, ownerId?: string, options: CourseFixtureOptions = {}) {
  const userId = ownerId ?? (await createUser(db)).id;
  const suffix = randomUUID().slice(0, 8);
  return db.transaction(async (tx) => {
    const [course] = await tx
      .insert(courses)
      .values({ userId, name: options.name ?? `Course ${suffix}`, description: options.description ?? "" })
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
                userId,
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

export interface DeckFixtureOptions {
  /** The course it goes into (a new course, of `userId` or of a new user, when not given). */
  courseId?: number;
  userId?: string;
  name?: string;
  description?: string;
  /** Number of cards (4 by default, the least a deck may have). */
  cards?: number;
}

/** One deck at the course's next level, with its cards (in id order: Question 1, 2, …). */
export async function createDeck(db: Database, options: DeckFixtureOptions = {}) {
  const course =
    options.courseId === undefined
      ? await createCourse(db, options.userId)
      : ((await db.query.courses.findFirst({ where: (c, { eq }) => eq(c.id, options.courseId ?? 0) })) ??
        failed(`no course ${options.courseId}`));
  const existing = await db.query.decks.findMany({ where: (d, { eq }) => eq(d.courseId, course.id) });
  const [deck] = await db
    .insert(decks)
    .values({
      courseId: course.id,
      userId: course.userId,
      name: options.name ?? `Deck ${randomUUID().slice(0, 8)}`,
      description: options.description ?? "",
      level: existing.length + 1,
    })
    .returning();
  if (!deck) throw new Error("deck insert returned nothing");
  const cards = await db
    .insert(flashcards)
    .values(
      Array.from({ length: options.cards ?? 4 }, (_, i) => ({
        deckId: deck.id,
        question: `Question ${i + 1}`,
        correctAnswer: `Answer ${i + 1}`,
        duration: 3,
      })),
    )
    .returning();
  return { ...deck, courseId: course.id, cards: cards.sort((a, b) => a.id - b.id) };
}

function failed(message: string): never {
  throw new Error(message);
}

export async function follow(db: Database, userId: string, courseId: number) {
  await db.insert(followedCourses).values({ userId, courseId });
}

export interface MemoryFixtureOptions {
  userId: string;
  cardId: number;
  courseId: number;
  /** Times forgotten (FSRS lapses); 0 unless given. */
  lapses?: number;
}

/**
 * A learner's memory of a card as the review log would leave it, written directly: a card in review
 * state, due in a week, with the lapses given (a test of what reads memory needs no long history).
 */
export async function rememberCard(db: Database, { userId, cardId, courseId, lapses = 0 }: MemoryFixtureOptions) {
  const now = Date.now();
  await db.insert(cardMemory).values({
    userId,
    cardId,
    courseId,
    due: new Date(now + 7 * 24 * 60 * 60 * 1000),
    stability: 5,
    difficulty: 5,
    state: "review",
    reps: 2 * lapses + 1,
    lapses,
    learningSteps: 0,
    scheduledDays: 7,
    lastReview: new Date(now),
    introducedAt: new Date(now - 30 * 24 * 60 * 60 * 1000),
  });
}
