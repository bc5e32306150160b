/**
 * The lean request path (decision 0014): prepared JSON statements answer exactly what the
 * relational query builder answered, public reads revalidate with ETags, personal reads are never
 * stored, and a signed-in course read still knows its viewer.
 */

import type { Database } from "@server/db/client";
import { courses, decks, followedCourses, userProfiles, userProgress } from "@server/db/schema";
import { createCourse, createUser, follow } from "@server/test/factories";
import { ok, signedInClient, TestClient } from "@server/test/http-client";
import { setupTestApp } from "@server/test/test-app";
import { MOST_FOLLOWED_SHOWN } from "@shared/limits";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDeckDetail } from "../decks/decks.service";
import { getCourseDetail, mostFollowedJson } from "./courses.service";

const { app, database } = await setupTestApp();
const { db } = database;

/** The course page as the relational query builder built it before (the reference for equality). */
async function courseByQueryBuilder(db: Database, courseId: number, viewerId: string | null) {
  const row = await db.query.courses.findFirst({
    where: (course, { eq }) => eq(course.id, courseId),
    columns: {
      id: true,
      name: true,
      description: true,
      userId: true,
      createdAt: true,
      questionLanguage: true,
      answerLanguage: true,
    },
    with: {
      tags: { columns: { tag: true }, orderBy: (tag, { asc }) => [asc(tag.id)] },
      decks: {
        columns: { id: true, name: true, level: true, description: true },
        with: { flashcards: { columns: { id: true } } },
        orderBy: (deck, { asc }) => [asc(deck.level)],
      },
    },
  });
  if (!row) return undefined;
  const passed = viewerId
    ? await db
        .select({ deckId: userProgress.deckId })
        .from(userProgress)
        .where(and(eq(userProgress.userId, viewerId), eq(userProgress.courseId, courseId)))
        .orderBy(asc(userProgress.id))
    : [];
  const following = viewerId
    ? await db
        .select({ id: followedCourses.id })
        .from(followedCourses)
        .where(and(eq(followedCourses.userId, viewerId), eq(followedCourses.courseId, courseId)))
    : [];
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    ownerId: row.userId,
    questionLanguage: row.questionLanguage,
    answerLanguage: row.answerLanguage,
    createdAt: row.createdAt.toISOString(),
    tags: row.tags.map((t) => t.tag),
    decks: row.decks.map(({ flashcards, ...deck }) => ({ ...deck, cardCount: flashcards.length })),
    viewer: viewerId ? { passedDeckIds: passed.map((p) => p.deckId), following: following.length > 0 } : null,
  };
}

async function deckByQueryBuilder(db: Database, deckId: number) {
  const row = await db.query.decks.findFirst({
    where: (deck, { eq }) => eq(deck.id, deckId),
    with: {
      course: { columns: { name: true, questionLanguage: true, answerLanguage: true } },
      flashcards: { orderBy: (card, { asc }) => [asc(card.id)] },
    },
  });
  if (!row) return undefined;
  return {
    id: row.id,
    courseId: row.courseId,
    courseName: row.course.name,
    ownerId: row.userId,
    name: row.name,
    description: row.description,
    level: row.level,
    questionLanguage: row.course.questionLanguage,
    answerLanguage: row.course.answerLanguage,
    flashcards: row.flashcards.map((c) => ({
      id: c.id,
      question: c.question,
      answer: c.correctAnswer,
      duration: c.duration,
    })),
  };
}

/** A client signed in as a new user, made in the database. */
const signedIn = () => signedInClient(app, db);
const viewerOf = async (client: TestClient, courseId: number) =>
  (await ok(client.api.courses[":courseId"].$get({ param: { courseId: String(courseId) } }))).viewer;

describe("prepared statements", () => {
  it("answer the course page exactly as the query builder did, for visitors and viewers", async () => {
    const { userId } = await signedIn();
    const owner = await createUser(db);
    const course = await createCourse(db, owner.id, {
      name: `Ünïcode "quotes" \\ and 'apostrophes' ${crypto.randomUUID()}`,
      description: "Line one\nline two\ttab",
      tags: ["zeta", "alpha", "日本語"],
      decks: 3,
    });
    const [first, , third] = course.decks;
    await db.insert(userProgress).values([
      { userId, courseId: course.id, deckId: third?.id ?? 0 },
      { userId, courseId: course.id, deckId: first?.id ?? 0 },
    ]);
    await follow(db, userId, course.id);
    const empty = await createCourse(db, owner.id);

    for (const id of [course.id, empty.id]) {
      expect(await getCourseDetail(db, id, null)).toEqual(await courseByQueryBuilder(db, id, null));
    }
    // The viewer comes from the session token inside the same statement.
    const token = await sessionTokenOf(userId);
    const viewed = await getCourseDetail(db, course.id, token);
    expect(viewed).toEqual(await courseByQueryBuilder(db, course.id, userId));
    expect(viewed.viewer).toEqual({ passedDeckIds: [third?.id, first?.id], following: true });
    expect((await getCourseDetail(db, empty.id, token)).viewer).toEqual({ passedDeckIds: [], following: false });
    // An unknown token is a visitor.
    expect((await getCourseDetail(db, course.id, "no-such-token")).viewer).toBeNull();
  });

  it("answer the deck page exactly as the query builder did", async () => {
    const owner = await createUser(db);
    const course = await createCourse(db, owner.id, { decks: 2, cardsPerDeck: 6 });
    const deckId = course.decks[1]?.id ?? 0;
    expect(await getDeckDetail(db, deckId)).toEqual(await deckByQueryBuilder(db, deckId));
    expect((await app.request("/api/decks/2147483647")).status).toBe(404);
  });

  it("answer most-followed exactly as the query builder did", async () => {
    // With what the card shows (#14): decks, cards, followers and the owner's chosen name (0033),
    // here given to the owner of the first course shown.
    await createCourse(db, (await createUser(db)).id);
    const [top] = await db
      .select({ userId: courses.userId })
      .from(courses)
      .orderBy(desc(courses.followCount), asc(courses.id))
      .limit(1);
    await db
      .update(userProfiles)
      .set({ displayName: "Top owner" })
      .where(eq(userProfiles.userId, top?.userId ?? ""));
    const expected = await db
      .select({
        id: courses.id,
        name: courses.name,
        description: courses.description,
        deckCount: sql<number>`(select count(*)::int from decks d where d.course_id = "courses"."id")`,
        cardCount: sql<number>`(select count(*)::int from decks d join flashcards f on f.deck_id = d.id
          where d.course_id = "courses"."id")`,
        followCount: courses.followCount,
        ownerName: sql<
          string | null
        >`(select p.display_name from user_profiles p where p.user_id = "courses"."user_id")`,
      })
      .from(courses)
      .orderBy(desc(courses.followCount), asc(courses.id))
      .limit(MOST_FOLLOWED_SHOWN);
    expect(expected[0]?.ownerName).toBe("Top owner");
    expect(JSON.parse(await mostFollowedJson(db))).toEqual({ items: expected });
  });
});

async function sessionTokenOf(userId: string): Promise<string> {
  const { sessions } = await import("@server/db/schema");
  const [row] = await db.select({ token: sessions.token }).from(sessions).where(eq(sessions.userId, userId));
  if (!row) throw new Error("no session");
  return row.token;
}

describe("cache headers", () => {
  it("give public reads an ETag: a repeat costs a 304 without a body, a change a new ETag", async () => {
    const { client, userId } = await signedIn();
    const course = await createCourse(db, userId, { name: "Before", decks: 1 });
    const path = `/api/courses/${course.id}`;
    const first = await app.request(path);
    expect(first.status).toBe(200);
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get("cache-control")).toBe("public, no-cache");
    expect(first.headers.get("vary")).toContain("Cookie");

    const repeat = await app.request(path, { headers: { "if-none-match": etag ?? "" } });
    expect(repeat.status).toBe(304);
    expect(await repeat.text()).toBe("");
    expect(repeat.headers.get("etag")).toBe(etag);
    // Weak and listed forms match too.
    expect((await app.request(path, { headers: { "if-none-match": `"other", W/${etag}` } })).status).toBe(304);

    expect((await client.put(path, { name: "After", description: "", tags: [] })).status).toBe(200);
    const changed = await app.request(path, { headers: { "if-none-match": etag ?? "" } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    expect((await changed.json()).name).toBe("After");

    for (const other of [`/api/decks/${course.decks[0]?.id}`, "/api/courses/most-followed", "/api/search?q=after"]) {
      const res = await app.request(other);
      expect(res.status, other).toBe(200);
      const tag = res.headers.get("etag") ?? "";
      expect(tag, other).toMatch(/^"[\w-]+"$/);
      expect((await app.request(other, { headers: { "if-none-match": tag } })).status, other).toBe(304);
    }
  });

  it("never store personal reads", async () => {
    const { client, userId } = await signedIn();
    const course = await createCourse(db, userId);
    const res = await client.get(`/api/courses/${course.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("etag")).toBeNull();
    expect((await res.json()).viewer).toEqual({ passedDeckIds: [], following: false });
    expect((await client.get("/api/me/home")).headers.get("cache-control")).toContain("no-store");
  });

  it("treat a forged or signed-out session cookie as a visitor", async () => {
    const { client, userId } = await signedIn();
    const course = await createCourse(db, userId);
    const forged = new TestClient(app);
    const token = await sessionTokenOf(userId);
    forged.cookies.set("better-auth.session_token", encodeURIComponent(`${token}.${"A".repeat(43)}=`));
    expect(await viewerOf(forged, course.id)).toBeNull();
    expect((await forged.get("/api/me/home")).status).toBe(401);

    const stolen = new TestClient(app);
    for (const [k, v] of client.cookies) stolen.cookies.set(k, v);
    expect((await stolen.get("/api/me/home")).status).toBe(200);
    expect((await client.post("/api/auth/sign-out", {})).status).toBe(200);
    // Sign-out deletes the session row: the old cookie ends at once.
    expect((await stolen.get("/api/me/home")).status).toBe(401);
    expect(await viewerOf(stolen, course.id)).toBeNull();
  });
});

describe("deck fixtures", () => {
  it("keep decks in level order on the course page", async () => {
    const owner = await createUser(db);
    const course = await createCourse(db, owner.id, { decks: 3 });
    await db
      .update(decks)
      .set({ name: "Renamed" })
      .where(eq(decks.id, course.decks[0]?.id ?? 0));
    const detail = await getCourseDetail(db, course.id, null);
    expect(detail.decks.map((d) => d.level)).toEqual([1, 2, 3]);
  });
});
