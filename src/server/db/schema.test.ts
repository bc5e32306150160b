/** The data model's own guarantees: constraints, cascades and the follow counter. */
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createCourse, createUser, follow } from "../test/factories";
import { setupTestApp } from "../test/test-app";
import { queryRows } from "./client";
import {
  contactSubmissions,
  courses,
  courseTags,
  decks,
  flashcards,
  followedCourses,
  userProgress,
  users,
} from "./schema";

const { database } = await setupTestApp();
const { db } = database;

/** Drizzle wraps driver errors; the database's own message is on the cause. */
async function databaseError(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause;
    return `${(error as Error).message} ${cause?.message ?? ""}`;
  }
  throw new Error("expected the database to refuse the write");
}

describe("flashcards", () => {
  it("refuses durations outside 0.5 to 30 seconds", async () => {
    const owner = await createUser(db);
    const course = await createCourse(db, owner.id, { decks: 1 });
    const deckId = course.decks[0]?.id ?? 0;
    for (const duration of [0.4, 30.5, 0]) {
      expect(
        await databaseError(db.insert(flashcards).values({ deckId, question: "q", correctAnswer: "a", duration })),
      ).toContain("flashcards_duration_check");
    }
    await db.insert(flashcards).values([
      { deckId, question: "q", correctAnswer: "a", duration: 0.5 },
      { deckId, question: "q", correctAnswer: "a", duration: 30 },
    ]);
  });
});

describe("uniqueness", () => {
  it("allows one progress row per user and deck", async () => {
    const owner = await createUser(db);
    const course = await createCourse(db, owner.id, { decks: 1 });
    const row = { userId: owner.id, courseId: course.id, deckId: course.decks[0]?.id ?? 0 };
    await db.insert(userProgress).values(row);
    expect(await databaseError(db.insert(userProgress).values(row))).toContain("user_progress_user_deck_idx");
  });

  it("allows one follow per user and course", async () => {
    const owner = await createUser(db);
    const course = await createCourse(db, owner.id);
    await follow(db, owner.id, course.id);
    expect(await databaseError(follow(db, owner.id, course.id))).toContain("followed_courses_user_course_idx");
  });

  it("allows one deck per level within a course", async () => {
    const owner = await createUser(db);
    const course = await createCourse(db, owner.id, { decks: 1 });
    const duplicate = db.insert(decks).values({ courseId: course.id, userId: owner.id, name: "Again", level: 1 });
    expect(await databaseError(duplicate)).toContain("decks_course_level_idx");
  });
});

describe("follow counter", () => {
  it("follows the number of follow rows through follows, unfollows and deleted users", async () => {
    const owner = await createUser(db);
    const [a, b] = [await createUser(db), await createUser(db)];
    const course = await createCourse(db, owner.id);
    const count = async () =>
      (await db.select({ n: courses.followCount }).from(courses).where(eq(courses.id, course.id)))[0]?.n;

    await follow(db, a.id, course.id);
    await follow(db, b.id, course.id);
    expect(await count()).toBe(2);
    await db.delete(followedCourses).where(eq(followedCourses.userId, a.id));
    expect(await count()).toBe(1);
    await db.delete(users).where(eq(users.id, b.id));
    expect(await count()).toBe(0);
  });
});

describe("deleting a course", () => {
  it("removes its decks, cards, tags, follows and progress, leaving no orphans", async () => {
    const owner = await createUser(db);
    const learner = await createUser(db);
    const course = await createCourse(db, owner.id, { decks: 2, cardsPerDeck: 5, tags: ["x", "y"] });
    await follow(db, learner.id, course.id);
    await db.insert(userProgress).values({ userId: learner.id, courseId: course.id, deckId: course.decks[0]?.id ?? 0 });

    await db.delete(courses).where(eq(courses.id, course.id));

    const deckIds = course.decks.map((d) => d.id);
    const [left] = await queryRows<{ n: number }>(
      db,
      sql`
      select (select count(*) from ${decks} where ${decks.courseId} = ${course.id})
           + (select count(*) from ${flashcards} where ${flashcards.deckId} in ${deckIds})
           + (select count(*) from ${courseTags} where ${courseTags.courseId} = ${course.id})
           + (select count(*) from ${followedCourses} where ${followedCourses.courseId} = ${course.id})
           + (select count(*) from ${userProgress} where ${userProgress.courseId} = ${course.id}) as n`,
    );
    expect(Number(left?.n)).toBe(0);
  });
});

describe("deleting a user", () => {
  it("removes what the user owns and wrote", async () => {
    const owner = await createUser(db);
    const course = await createCourse(db, owner.id, { decks: 1 });
    await db.insert(contactSubmissions).values({ userId: owner.id, submission: "Hello" });
    await db.delete(users).where(eq(users.id, owner.id));
    expect(await db.select().from(courses).where(eq(courses.id, course.id))).toEqual([]);
    expect(await db.select().from(contactSubmissions).where(eq(contactSubmissions.userId, owner.id))).toEqual([]);
  });
});

describe("search indexes", () => {
  it("has trigram GIN indexes on course names, tags, tag names and deck names", async () => {
    const indexes = await queryRows<{ indexname: string }>(
      db,
      sql`
      select indexname from pg_indexes
      where indexdef like '%USING gin%gin_trgm_ops%' order by indexname`,
    );
    expect(indexes.map((r) => r.indexname)).toEqual([
      "course_tags_tag_trgm_idx",
      "courses_name_trgm_idx",
      "decks_name_trgm_idx",
      "tag_names_tag_trgm_idx",
    ]);
  });
});
