import { courses, flashcards, userProfiles, userProgress } from "@server/db/schema";
import { createCourse, createUser, follow } from "@server/test/factories";
import { ok, signedInClient, TestClient } from "@server/test/http-client";
import { courseSnapshot } from "@server/test/snapshot";
import { setupTestApp } from "@server/test/test-app";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

const { app, database } = await setupTestApp();
const { db } = database;

describe("GET /api/courses/most-followed", () => {
  it("ranks courses by follow count, ties going to the older course", async () => {
    const owner = await createUser(db);
    const followers = await Promise.all(Array.from({ length: 12 }, () => createUser(db)));
    const top = await createCourse(db, owner.id, { decks: 2, cardsPerDeck: 5 });
    const tiedOlder = await createCourse(db, owner.id);
    const tiedNewer = await createCourse(db, owner.id);
    for (const f of followers.slice(0, 12)) await follow(db, f.id, top.id);
    for (const f of followers.slice(0, 11)) await follow(db, f.id, tiedNewer.id);
    for (const f of followers.slice(0, 11)) await follow(db, f.id, tiedOlder.id);

    const res = await new TestClient(app).api.courses["most-followed"].$get();
    expect(res.status).toBe(200);
    const { items } = await ok(res);
    expect(items.map((c) => c.id)).toEqual([top.id, tiedOlder.id, tiedNewer.id]);
    // What the card shows to choose by (#14): decks, cards, followers and the owner's chosen name:
    // none chosen, so none, though the account has a name (decision 0033).
    expect(items[0]).toEqual({
      id: top.id,
      name: top.name,
      description: top.description,
      deckCount: 2,
      cardCount: 10,
      followCount: 12,
      ownerName: null,
    });

    // A chosen display name shows on every card of the owner's; removing it removes it.
    await db.update(userProfiles).set({ displayName: "Ana María" }).where(eq(userProfiles.userId, owner.id));
    const named = await ok(await new TestClient(app).api.courses["most-followed"].$get());
    expect(named.items.map((c) => c.ownerName)).toEqual(["Ana María", "Ana María", "Ana María"]);
    await db.update(userProfiles).set({ displayName: null }).where(eq(userProfiles.userId, owner.id));
    const unnamed = await ok(await new TestClient(app).api.courses["most-followed"].$get());
    expect(unnamed.items.map((c) => c.ownerName)).toEqual([null, null, null]);
  });
});

describe("GET /api/courses/:courseId", () => {
  it("returns the course with its tags and its decks in level order", async () => {
    const owner = await createUser(db);
    const course = await createCourse(db, owner.id, {
      name: "Kana",
      description: "All the kana",
      tags: ["japanese", "kana"],
      decks: 3,
    });

    const res = await app.request(`/api/courses/${course.id}`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      id: course.id,
      name: "Kana",
      description: "All the kana",
      ownerId: owner.id,
      tags: ["japanese", "kana"],
    });
    expect(body.decks.map((d: { level: number }) => d.level)).toEqual([1, 2, 3]);
    // Each deck row says what the deck holds (#23): its description and how many cards.
    expect(body.decks[0]).toEqual({
      id: course.decks[0]?.id,
      name: course.decks[0]?.name,
      level: 1,
      description: expect.any(String),
      cardCount: 4,
    });
  });

  it("answers 404 for a course that does not exist", async () => {
    const res = await app.request("/api/courses/2147483000");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: "not_found", message: "Course not found." } });
  });

  it("answers 400 naming the parameter for an id that is not a number", async () => {
    const res = await app.request("/api/courses/abc");
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.code).toBe("invalid_request");
    expect(body.error.issues).toEqual([{ path: ["courseId"], key: "validation.invalid_value" }]);
  });
});

const deckBody = {
  name: "Deck",
  description: "A deck",
  cards: Array.from({ length: 4 }, (_, i) => ({ question: `Q${i}`, answer: `A${i}`, duration: 3 })),
};

/** A client signed in as a new user, made in the database (these tests are not about signing up). */
const signedIn = () => signedInClient(app, db);
const getCourse = (client: TestClient, id: number) =>
  ok(client.api.courses[":courseId"].$get({ param: { courseId: String(id) } }));

describe("creating, editing and deleting a course", () => {
  it("creates a course with trimmed, distinct tags and opens it to its owner", async () => {
    const { client, userId } = await signedIn();
    const res = await client.api.courses.$post({
      json: { name: "  Kanji N5  ", description: " Basic kanji ", tags: [" japanese ", "kanji", "japanese"] },
    });
    expect(res.status).toBe(201);
    const { id } = await ok(res);
    const course = await getCourse(client, id);
    expect(course).toMatchObject({
      name: "Kanji N5",
      description: "Basic kanji",
      ownerId: userId,
      tags: ["japanese", "kanji"],
      decks: [],
    });
    expect(course.viewer).toEqual({ passedDeckIds: [], following: false });
  });

  it.each([
    ["no name", { name: "   " }, "name: validation.course_name_required"],
    ["a blank tag", { name: "N", tags: ["ok", " "] }, "tags.1: validation.tag_required"],
    ["a name too long", { name: "x".repeat(121) }, "name: validation.course_name_too_long"],
    ["a tag too long", { name: "N", tags: ["x".repeat(41)] }, "tags.0: validation.tag_too_long"],
    [
      "a description too long",
      { name: "N", description: "x".repeat(2001) },
      "description: validation.description_too_long",
    ],
  ])("refuses %s with a 400 naming the field", async (_, body, issue) => {
    const { client, userId } = await signedIn();
    const res = await client.post("/api/courses", body);
    expect(res.status).toBe(400);
    const { issues } = (await res.json()).error;
    expect(issues.map((i: { path: string[]; key: string }) => `${i.path.join(".")}: ${i.key}`)).toEqual([issue]);
    expect(await db.select().from(courses).where(eq(courses.userId, userId))).toEqual([]);
  });

  it("replaces name, description and every tag in one save", async () => {
    const { client } = await signedIn();
    const { id } = await ok(client.api.courses.$post({ json: { name: "Old", tags: ["a", "b"] } }));
    const res = await client.put(`/api/courses/${id}`, { name: "New", description: "Now described", tags: ["c"] });
    expect(res.status).toBe(200);
    expect(await getCourse(client, id)).toMatchObject({
      name: "New",
      description: "Now described",
      tags: ["c"],
    });
  });

  it("makes tags typed with commas several tags, and tags differing only in case one (issue #24)", async () => {
    const { client } = await signedIn();
    // A spelling no other course uses yet: this test's own, so other tests' courses do not count.
    const word = `Kanji${crypto.randomUUID().slice(0, 6)}`;
    const first = await ok(client.api.courses.$post({ json: { name: "First", tags: [`${word}, Grammar`] } }));
    expect((await getCourse(client, first.id)).tags).toEqual([word, "Grammar"]);
    // Another course, and an edit, typing it in another case: stored in the spelling in use.
    const second = await ok(
      client.api.courses.$post({ json: { name: "Second", tags: [word.toLowerCase(), word.toUpperCase()] } }),
    );
    expect((await getCourse(client, second.id)).tags).toEqual([word]);
    const res = await client.put(`/api/courses/${second.id}`, { name: "Second", tags: [`n5、${word.toLowerCase()}`] });
    expect(res.status).toBe(200);
    expect((await getCourse(client, second.id)).tags).toEqual(["n5", word]);
  });

  it("deletes the course with everything under it", async () => {
    const { client } = await signedIn();
    const { id } = await ok(client.api.courses.$post({ json: { name: "Doomed", tags: ["x"] } }));
    await ok(client.api.courses[":courseId"].decks.$post({ param: { courseId: String(id) }, json: deckBody }));
    const follower = await createUser(db);
    await follow(db, follower.id, id);
    expect((await client.delete(`/api/courses/${id}`)).status).toBe(200);
    expect(await courseSnapshot(db, id)).toEqual({
      course: [],
      tags: [],
      decks: [],
      cards: [],
      follows: [],
      progress: [],
    });
    expect((await client.get(`/api/courses/${id}`)).status).toBe(404);
  });

  it("tells a signed-in viewer which decks they passed and whether they follow", async () => {
    const owner = await createUser(db);
    const course = await createCourse(db, owner.id, { decks: 2 });
    const { client, userId } = await signedIn();
    await follow(db, userId, course.id);
    await db.insert(userProgress).values({ userId, courseId: course.id, deckId: course.decks[1]?.id ?? 0 });
    const detail = await getCourse(client, course.id);
    expect(detail.viewer).toEqual({ passedDeckIds: [course.decks[1]?.id], following: true });
    expect((await (await new TestClient(app).get(`/api/courses/${course.id}`)).json()).viewer).toBeNull();
  });
});

describe("who may change what", () => {
  /** Every write under a course, as [label, request] pairs. */
  const writes = (courseId: number, deckId: number, cardId: number) =>
    [
      ["edit the course", (c: TestClient) => c.put(`/api/courses/${courseId}`, { name: "Hijacked", tags: [] })],
      ["delete the course", (c: TestClient) => c.delete(`/api/courses/${courseId}`)],
      ["add a deck", (c: TestClient) => c.post(`/api/courses/${courseId}/decks`, deckBody)],
      [
        "edit a deck",
        (c: TestClient) =>
          c.put(`/api/decks/${deckId}`, {
            name: "Hijacked",
            description: "x",
            changed: [{ id: cardId, question: "x", answer: "x", duration: 3 }],
          }),
      ],
      ["delete a deck", (c: TestClient) => c.delete(`/api/decks/${deckId}`)],
    ] as const;

  async function ownedCourse() {
    const owner = await createUser(db);
    const course = await createCourse(db, owner.id, { decks: 1, cardsPerDeck: 4, tags: ["t"] });
    const deckId = course.decks[0]?.id ?? 0;
    const [card] = await db.select().from(flashcards).where(eq(flashcards.deckId, deckId));
    return { courseId: course.id, deckId, cardId: card?.id ?? 0 };
  }

  it("refuses a visitor with 401 for every write, changing nothing", async () => {
    const { courseId, deckId, cardId } = await ownedCourse();
    const before = await courseSnapshot(db, courseId);
    const visitor = new TestClient(app);
    for (const [label, write] of writes(courseId, deckId, cardId)) {
      const res = await write(visitor);
      expect(res.status, label).toBe(401);
      expect((await res.json()).error.code, label).toBe("unauthenticated");
    }
    expect((await visitor.post("/api/courses", { name: "Nope" })).status).toBe(401);
    expect(await courseSnapshot(db, courseId)).toEqual(before);
  });

  it("refuses a signed-in stranger with 403 for every write, changing nothing", async () => {
    const { courseId, deckId, cardId } = await ownedCourse();
    const before = await courseSnapshot(db, courseId);
    const { client: stranger } = await signedIn();
    for (const [label, write] of writes(courseId, deckId, cardId)) {
      const res = await write(stranger);
      expect(res.status, label).toBe(403);
      expect((await res.json()).error.code, label).toBe("forbidden");
    }
    expect(await courseSnapshot(db, courseId)).toEqual(before);
  });

  it("answers 404 for writes to things that do not exist", async () => {
    const { client } = await signedIn();
    expect((await client.put("/api/courses/2147483000", { name: "x" })).status).toBe(404);
    expect((await client.delete("/api/decks/2147483000")).status).toBe(404);
    expect((await client.post("/api/courses/2147483000/decks", deckBody)).status).toBe(404);
  });
});
