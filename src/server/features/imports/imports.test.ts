import { courses, decks, flashcards } from "@server/db/schema";
import { createCourse } from "@server/test/factories";
import { ok, signedInClient, TestClient } from "@server/test/http-client";
import { courseSnapshot } from "@server/test/snapshot";
import { setupTestApp } from "@server/test/test-app";
import { COURSE_MAX_CARDS, COURSE_MAX_DECKS } from "@shared/limits";
import type { ImportInput } from "@shared/schemas/imports";
import { count, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";

const { app, database } = await setupTestApp();
const { db } = database;

const cards = (n: number, prefix = "Q") =>
  Array.from({ length: n }, (_, i) => ({ question: `${prefix}${i + 1}`, answer: `A${i + 1}`, duration: 3 }));

const newCourse = (deckList: ImportInput["decks"], name = "Imported"): ImportInput => ({
  importId: crypto.randomUUID(),
  target: { kind: "new", course: { name, description: "From Anki", tags: ["anki", "日本語", "anki"] } },
  decks: deckList,
});

const post = (client: TestClient, json: ImportInput) => client.api.imports.$post({ json });

async function coursesOf(userId: string) {
  const [row] = await db.select({ n: count() }).from(courses).where(eq(courses.userId, userId));
  return row?.n ?? 0;
}

async function courseDetail(client: TestClient, courseId: number) {
  return (await client.get(`/api/courses/${courseId}`)).json();
}

describe("importing into a new course", () => {
  it("creates the course, its tags, its decks in order and their cards in one request", async () => {
    const { client } = await signedInClient(app, db);
    const reply = await post(
      client,
      newCourse([
        { name: "Verbs (Part 1)", description: "Imported", cards: cards(50, "V") },
        { name: "Verbs (Part 2)", description: "Imported", cards: cards(4, "W") },
      ]),
    );
    expect(reply.status).toBe(201);
    const { courseId, deckIds, created } = await ok(reply);
    expect(created).toBe(true);
    const course = await courseDetail(client, courseId);
    expect(course).toMatchObject({ name: "Imported", description: "From Anki", tags: ["anki", "日本語"] });
    expect(course.decks.map((d: { id: number; level: number; name: string }) => [d.id, d.level, d.name])).toEqual([
      [deckIds[0], 1, "Verbs (Part 1)"],
      [deckIds[1], 2, "Verbs (Part 2)"],
    ]);
    const stored = await db.select().from(flashcards).where(inArray(flashcards.deckId, deckIds));
    expect(stored).toHaveLength(54);
    expect(stored.filter((c) => c.deckId === deckIds[1]).map((c) => c.question)).toEqual(["W1", "W2", "W3", "W4"]);
  });

  it("takes a body larger than the general request limit (40 decks of 50 long cards)", async () => {
    const { client } = await signedInClient(app, db);
    const long = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        question: `${"質問".repeat(100)}${i}`,
        answer: "答".repeat(300),
        duration: 3,
      }));
    const deckList = Array.from({ length: 40 }, (_, i) => ({
      name: `Deck ${i + 1}`,
      description: "d",
      cards: long(50),
    }));
    const json = newCourse(deckList);
    expect(JSON.stringify(json).length).toBeGreaterThan(512 * 1024);
    const { deckIds } = await ok(post(client, json));
    expect(deckIds).toHaveLength(40);
  });

  it("does nothing twice when the same import is sent again, even at the same moment", async () => {
    const { client, userId } = await signedInClient(app, db);
    const json = newCourse([{ name: "Once", description: "d", cards: cards(4) }]);
    const [first, second] = await Promise.all([post(client, json), post(client, json)]);
    const replies = [await first.json(), await second.json()] as { courseId: number; created: boolean }[];
    expect([first.status, second.status].sort()).toEqual([200, 201]);
    expect(replies[0]?.courseId).toBe(replies[1]?.courseId);
    expect(replies.map((r) => r.created).sort()).toEqual([false, true]);
    const third = await ok(post(client, json));
    expect(third).toMatchObject({ courseId: replies[0]?.courseId, created: false });
    expect(third.deckIds).toHaveLength(1);
    expect(await coursesOf(userId)).toBe(1);
  });
});

describe("importing into an existing course", () => {
  it("adds the decks after the course's own, and leaves the course's name and tags", async () => {
    const { client, userId } = await signedInClient(app, db);
    const course = await createCourse(db, userId, { name: "Mine", decks: 2, cardsPerDeck: 4, tags: ["t"] });
    const json: ImportInput = {
      importId: crypto.randomUUID(),
      target: { kind: "existing", courseId: course.id },
      decks: [
        { name: "New A", description: "d", cards: cards(4) },
        { name: "New B", description: "d", cards: cards(5) },
      ],
    };
    const { deckIds, courseId } = await ok(post(client, json));
    expect(courseId).toBe(course.id);
    // A resend answers with the decks this import made, not the course's others, and adds none.
    expect(await ok(post(client, json))).toEqual({ courseId, deckIds, created: false });
    const detail = await courseDetail(client, course.id);
    expect(detail.name).toBe("Mine");
    expect(detail.tags).toEqual(["t"]);
    expect(detail.decks.map((d: { level: number; name: string }) => d.level)).toEqual([1, 2, 3, 4]);
    expect(detail.decks.slice(2).map((d: { id: number }) => d.id)).toEqual(deckIds);
  });

  it("refuses a signed-in stranger with 403, a visitor with 401, and changes nothing", async () => {
    const { userId: ownerId } = await signedInClient(app, db);
    const course = await createCourse(db, ownerId, { decks: 1, cardsPerDeck: 4 });
    const before = await courseSnapshot(db, course.id);
    const { client: stranger, userId: strangerId } = await signedInClient(app, db);
    const json: ImportInput = {
      importId: crypto.randomUUID(),
      target: { kind: "existing", courseId: course.id },
      decks: [{ name: "Intruder", description: "d", cards: cards(4) }],
    };
    const refused = await post(stranger, json);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("forbidden");
    const visitor = await post(new TestClient(app), { ...json, importId: crypto.randomUUID() });
    expect(visitor.status).toBe(401);
    expect(await courseSnapshot(db, course.id)).toEqual(before);

    // The refused import left no trace: its id is free for a new attempt of the same person.
    const retry = await ok(post(stranger, { ...json, target: { kind: "new", course: { name: "Own", tags: [] } } }));
    expect(retry.created).toBe(true);
    expect(await coursesOf(strangerId)).toBe(1);
  });

  it("answers 404 for a course that does not exist", async () => {
    const { client } = await signedInClient(app, db);
    const reply = await post(client, {
      importId: crypto.randomUUID(),
      target: { kind: "existing", courseId: 2_147_483_000 },
      decks: [{ name: "D", description: "d", cards: cards(4) }],
    });
    expect(reply.status).toBe(404);
  });
});

describe("the limits, checked again on the server", () => {
  it.each([
    ["a deck of 3 cards", [{ name: "Small", description: "d", cards: cards(3) }], ["decks", 0, "cards"]],
    ["a deck of 51 cards", [{ name: "Big", description: "d", cards: cards(51) }], ["decks", 0, "cards"]],
    [
      "a blank answer in the last deck",
      [
        { name: "Fine", description: "d", cards: cards(4) },
        { name: "Bad", description: "d", cards: [...cards(3), { question: "q", answer: " ", duration: 3 }] },
      ],
      ["decks", 1, "cards", 3, "answer"],
    ],
    [
      "a duration out of range",
      [{ name: "D", description: "d", cards: [...cards(3), { question: "q", answer: "a", duration: 31 }] }],
      ["decks", 0, "cards", 3, "duration"],
    ],
    ["no deck", [], ["decks"]],
    [
      "41 decks",
      Array.from({ length: 41 }, (_, i) => ({ name: `D${i}`, description: "d", cards: cards(4) })),
      ["decks"],
    ],
  ])("refuses %s and creates nothing", async (_, deckList, path) => {
    const { client, userId } = await signedInClient(app, db);
    const reply = await client.post("/api/imports", newCourse(deckList as ImportInput["decks"]));
    expect(reply.status).toBe(400);
    const body = await reply.json();
    expect(body.error.code).toBe("invalid_request");
    expect(body.error.issues.map((issue: { path: unknown }) => issue.path)).toContainEqual(path);
    expect(await coursesOf(userId)).toBe(0);
    const [own] = await db.select({ n: count() }).from(decks).where(eq(decks.userId, userId));
    expect(own?.n).toBe(0);
  });

  it("refuses a body over the import's own limit", async () => {
    const { client, userId } = await signedInClient(app, db);
    const reply = await client.post("/api/imports", { ...newCourse([]), padding: "x".repeat(9 * 1024 * 1024) });
    expect(reply.status).toBe(413);
    expect((await reply.json()).error).toEqual({ code: "too_large", message: "The request is larger than 8192 KB." });
    expect(await coursesOf(userId)).toBe(0);
  });
});

describe("the cap on a course's size (decision 0037)", () => {
  const existing = (courseId: number, deckList: ImportInput["decks"]): ImportInput => ({
    importId: crypto.randomUUID(),
    target: { kind: "existing", courseId },
    decks: deckList,
  });
  const decksOf = (n: number, cardsEach: number) =>
    Array.from({ length: n }, (_, i) => ({ name: `Imported ${i + 1}`, description: "d", cards: cards(cardsEach) }));

  it("refuses the whole import into a course without room for it, saying the limit and what fits", async () => {
    const { client, userId } = await signedInClient(app, db);
    // 170 decks and 4,760 cards: room for 30 decks and 240 cards.
    const course = await createCourse(db, userId, { decks: 170, cardsPerDeck: 28 });
    const before = await courseSnapshot(db, course.id);
    for (const [deckList, params] of [
      [decksOf(31, 4), { decks: 31, cards: 124, decksFit: 30, cardsFit: 240 }],
      [decksOf(5, 49), { decks: 5, cards: 245, decksFit: 30, cardsFit: 240 }],
    ] as const) {
      const reply = await client.post("/api/imports", existing(course.id, [...deckList]));
      expect(reply.status).toBe(400);
      const { error } = await reply.json();
      expect(error.code).toBe("invalid_request");
      expect(error.issues).toEqual([{ path: [], key: "validation.course_import_too_large", params }]);
      expect(error.message).toContain(`${COURSE_MAX_DECKS} decks and ${COURSE_MAX_CARDS} flashcards`);
    }
    expect(await courseSnapshot(db, course.id)).toEqual(before);
    // What fits goes in.
    expect((await post(client, existing(course.id, decksOf(5, 48)))).status).toBe(201);
  });

  it("lets only one of two imports at the same moment take a course's last room", async () => {
    const { client, userId } = await signedInClient(app, db);
    const course = await createCourse(db, userId, { decks: COURSE_MAX_DECKS - 40, cardsPerDeck: 4 });
    const replies = await Promise.all([
      post(client, existing(course.id, decksOf(30, 4))),
      post(client, existing(course.id, decksOf(30, 4))),
    ]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([201, 400]);
    const [own] = await db.select({ n: count() }).from(decks).where(eq(decks.courseId, course.id));
    expect(own?.n).toBe(COURSE_MAX_DECKS - 10);
  });
});
