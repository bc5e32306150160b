import { decks, flashcards, userProgress } from "@server/db/schema";
import { createCourse, createUser } from "@server/test/factories";
import { ok, signedInClient, TestClient } from "@server/test/http-client";
import { courseSnapshot } from "@server/test/snapshot";
import { setupTestApp } from "@server/test/test-app";
import { COURSE_MAX_CARDS, COURSE_MAX_DECKS } from "@shared/limits";
import type { deckCreateInput } from "@shared/schemas/deck";
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { z } from "zod";

const { app, database } = await setupTestApp();
const { db } = database;

const cards = (n: number, prefix = "Q") =>
  Array.from({ length: n }, (_, i) => ({ question: `${prefix}${i + 1}`, answer: `A${i + 1}`, duration: 3 }));

/** A signed-in owner of a course (made in the database: deck tests are not about signing up). */
async function owner() {
  const { client, userId } = await signedInClient(app, db);
  const course = await createCourse(db, userId, { name: "Capitals", description: "World capitals", tags: ["geo"] });
  return { client, courseId: course.id };
}

function createDeck(client: TestClient, courseId: number, json: z.input<typeof deckCreateInput>) {
  return client.api.courses[":courseId"].decks.$post({ param: { courseId: String(courseId) }, json });
}

/** A request that is wrong on purpose, untyped. */
const postDeck = (client: TestClient, courseId: number, body: unknown) =>
  client.post(`/api/courses/${courseId}/decks`, body);

const getDeck = (client: TestClient, deckId: number) =>
  ok(client.api.decks[":deckId"].$get({ param: { deckId: String(deckId) } }));

describe("creating a deck", () => {
  it("stores the deck and its cards at the next level, and reads them back in id order", async () => {
    const { client, courseId } = await owner();
    const first = await createDeck(client, courseId, { name: "Europe", description: "EU", cards: cards(4) });
    expect(first.status).toBe(201);
    const second = await createDeck(client, courseId, { name: "Asia", description: "AS", cards: cards(5) });
    const { id, level } = await ok(second);
    expect(level).toBe(2);

    const deck = await getDeck(client, id);
    expect(deck).toMatchObject({ id, courseId, courseName: "Capitals", name: "Asia", description: "AS", level: 2 });
    expect(deck.flashcards.map((c: { question: string }) => c.question)).toEqual(["Q1", "Q2", "Q3", "Q4", "Q5"]);
    expect(deck.flashcards[0]).toMatchObject({ answer: "A1", duration: 3 });

    const course = await (await client.get(`/api/courses/${courseId}`)).json();
    expect(course.decks.map((d: { name: string; level: number }) => `${d.level}. ${d.name}`)).toEqual([
      "1. Europe",
      "2. Asia",
    ]);
  });

  it("gives decks created at the same moment different levels", async () => {
    const { client, courseId } = await owner();
    const replies = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        createDeck(client, courseId, { name: `D${i}`, description: "d", cards: cards(4) }),
      ),
    );
    expect(replies.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    const levels = (await db.select({ level: decks.level }).from(decks).where(eq(decks.courseId, courseId))).map(
      (d) => d.level,
    );
    expect(levels.sort()).toEqual([1, 2, 3, 4]);
  });

  it.each([
    ["3 cards", { name: "D", description: "d", cards: cards(3) }, "four_flashcards_in_deck"],
    ["51 cards", { name: "D", description: "d", cards: cards(51) }, "more_than_fifty_flashcards_in_deck"],
    [
      "a blank question",
      { name: "D", description: "d", cards: [...cards(3), { question: "  ", answer: "a", duration: 3 }] },
      "each_flashcard_needs_question",
    ],
    [
      "a blank answer",
      { name: "D", description: "d", cards: [...cards(3), { question: "q", answer: "", duration: 3 }] },
      "each_flashcard_needs_answer",
    ],
    [
      "a 0.4 s card",
      { name: "D", description: "d", cards: [...cards(3), { question: "q", answer: "a", duration: 0.4 }] },
      "duration_warning",
    ],
    [
      "a 31 s card",
      { name: "D", description: "d", cards: [...cards(3), { question: "q", answer: "a", duration: 31 }] },
      "duration_warning",
    ],
    ["no name", { name: " ", description: "d", cards: cards(4) }, "deck_name_required"],
    [
      "a huge question",
      { name: "D", description: "d", cards: [...cards(3), { question: "x".repeat(501), answer: "a", duration: 3 }] },
      "cards.3.question",
    ],
  ])("refuses %s, storing nothing", async (_, body, message) => {
    const { client, courseId } = await owner();
    const before = await courseSnapshot(db, courseId);
    const res = await postDeck(client, courseId, body);
    expect(res.status).toBe(400);
    const { issues } = (await res.json()).error;
    expect(issues.map((i: { path: string[]; key: string }) => `${i.path.join(".")}: ${i.key}`).join(" ")).toContain(
      message,
    );
    expect(await courseSnapshot(db, courseId)).toEqual(before);
  });

  it("refuses a body of megabytes", async () => {
    const { client, courseId } = await owner();
    const res = await postDeck(client, courseId, { name: "x".repeat(2_000_000), description: "d", cards: cards(4) });
    expect(res.status).toBe(413);
    expect((await res.json()).error).toEqual({ code: "too_large", message: "The request is larger than 512 KB." });
  });

  it("answers 404 for a deck that does not exist", async () => {
    expect((await new TestClient(app).get("/api/decks/2147483000")).status).toBe(404);
  });
});

describe("editing a deck", () => {
  async function deckWithCards(n = 5) {
    const { client, courseId } = await owner();
    const { id } = await ok(createDeck(client, courseId, { name: "Deck", description: "desc", cards: cards(n) }));
    const deck = await getDeck(client, id);
    return { client, courseId, deckId: id, cardIds: deck.flashcards.map((c) => c.id) };
  }

  it("saves name, description, changed, new and deleted cards together", async () => {
    const { client, deckId, cardIds } = await deckWithCards(5);
    const res = await client.put(`/api/decks/${deckId}`, {
      name: "Renamed",
      description: "New description",
      changed: [{ id: cardIds[0], question: "Q1 changed", answer: "A1 changed", duration: 10 }],
      added: [{ question: "Q6", answer: "A6", duration: 5 }],
      deleted: [cardIds[1], cardIds[2]],
    });
    expect(res.status).toBe(200);
    const deck = await getDeck(client, deckId);
    expect(deck).toMatchObject({ name: "Renamed", description: "New description" });
    expect(deck.flashcards.map((c) => `${c.question}@${c.duration}`)).toEqual([
      "Q1 changed@10",
      "Q4@3",
      "Q5@3",
      "Q6@5",
    ]);
  });

  it.each([
    [
      "an invalid card among valid changes",
      (ids: number[]) => ({
        changed: [
          { id: ids[0], question: "fine", answer: "fine", duration: 3 },
          { id: ids[1], question: "", answer: "fine", duration: 3 },
        ],
      }),
      400,
    ],
    ["fewer than 4 cards left", (ids: number[]) => ({ deleted: [ids[0], ids[1]] }), 400],
    ["more than 50 cards", () => ({ added: cards(46) }), 400],
    ["a card of another deck", () => ({ deleted: [2147483000] }), 400],
    [
      "a duration out of range",
      (ids: number[]) => ({ changed: [{ id: ids[0], question: "q", answer: "a", duration: 45 }] }),
      400,
    ],
  ])("leaves the deck exactly as it was on %s", async (_, edit, status) => {
    const { client, courseId, deckId, cardIds } = await deckWithCards(5);
    const before = await courseSnapshot(db, courseId);
    const res = await client.put(`/api/decks/${deckId}`, { name: "Changed", description: "Changed", ...edit(cardIds) });
    expect(res.status).toBe(status);
    expect(await courseSnapshot(db, courseId)).toEqual(before);
  });

  it("does not touch cards of another deck even when it names them", async () => {
    const a = await deckWithCards(4);
    const b = await deckWithCards(4);
    const before = await courseSnapshot(db, b.courseId);
    const res = await a.client.put(`/api/decks/${a.deckId}`, {
      name: "x",
      description: "x",
      changed: [{ id: b.cardIds[0], question: "stolen", answer: "stolen", duration: 3 }],
    });
    expect(res.status).toBe(400);
    expect(await courseSnapshot(db, b.courseId)).toEqual(before);
  });
});

describe("deleting a deck", () => {
  it("removes its cards and progress, and moves later decks up a level", async () => {
    const { client, courseId } = await owner();
    const ids: number[] = [];
    for (const name of ["One", "Two", "Three"]) {
      ids.push((await ok(createDeck(client, courseId, { name, description: "d", cards: cards(4) }))).id);
    }
    const learner = await createUser(db);
    await db.insert(userProgress).values({ userId: learner.id, courseId, deckId: ids[1] ?? 0 });

    expect((await client.delete(`/api/decks/${ids[1]}`)).status).toBe(200);
    expect(
      await db
        .select()
        .from(flashcards)
        .where(eq(flashcards.deckId, ids[1] ?? 0)),
    ).toEqual([]);
    expect(
      await db
        .select()
        .from(userProgress)
        .where(eq(userProgress.deckId, ids[1] ?? 0)),
    ).toEqual([]);
    const course = await (await client.get(`/api/courses/${courseId}`)).json();
    expect(course.decks.map((d: { name: string; level: number }) => `${d.level}. ${d.name}`)).toEqual([
      "1. One",
      "2. Three",
    ]);
  });
});

describe("the cap on a course's size (decision 0037)", () => {
  /** A signed-in owner of a course made with `decks` decks of `cardsPerDeck` cards each. */
  async function fullishCourse(deckCount: number, cardsPerDeck: number) {
    const { client, userId } = await signedInClient(app, db);
    const course = await createCourse(db, userId, { decks: deckCount, cardsPerDeck });
    return { client, courseId: course.id, deckIds: course.decks.map((deck) => deck.id) };
  }

  async function refusal(res: Response) {
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.code).toBe("invalid_request");
    return body.error as {
      message: string;
      issues: { path: unknown[]; key: string; params: Record<string, number> }[];
    };
  }

  it(`refuses a deck beyond ${COURSE_MAX_DECKS} decks, saying the limit, and changes nothing`, async () => {
    const { client, courseId } = await fullishCourse(COURSE_MAX_DECKS, 4);
    const before = await courseSnapshot(db, courseId);
    const error = await refusal(
      await postDeck(client, courseId, { name: "One more", description: "d", cards: cards(4) }),
    );
    expect(error.issues).toEqual([
      { path: [], key: "validation.course_decks_full", params: { decks: 1, cards: 4, decksFit: 0, cardsFit: 4200 } },
    ]);
    expect(error.message).toContain(`${COURSE_MAX_DECKS} decks`);
    expect(await courseSnapshot(db, courseId)).toEqual(before);
  });

  it(`refuses a deck whose cards would take the course past ${COURSE_MAX_CARDS} cards, saying how many fit`, async () => {
    const { client, courseId } = await fullishCourse(COURSE_MAX_CARDS / 50 - 1, 50);
    // Room for one more full deck, then for nothing.
    expect((await createDeck(client, courseId, { name: "Last", description: "d", cards: cards(46) })).status).toBe(201);
    const before = await courseSnapshot(db, courseId);
    const error = await refusal(await postDeck(client, courseId, { name: "Over", description: "d", cards: cards(5) }));
    expect(error.issues).toEqual([
      {
        path: [],
        key: "validation.course_cards_full",
        params: { decks: 1, cards: 5, decksFit: COURSE_MAX_DECKS - COURSE_MAX_CARDS / 50, cardsFit: 4 },
      },
    ]);
    expect(error.message).toContain(`${COURSE_MAX_CARDS} flashcards`);
    expect(await courseSnapshot(db, courseId)).toEqual(before);
    expect((await createDeck(client, courseId, { name: "Fits", description: "d", cards: cards(4) })).status).toBe(201);
  });

  it("refuses an edit that adds cards the course has no room for, and lets one through that deletes as many", async () => {
    const { client, courseId } = await fullishCourse(COURSE_MAX_CARDS / 50 - 1, 50);
    await ok(createDeck(client, courseId, { name: "Filler", description: "d", cards: cards(5) }));
    const edited = await ok(createDeck(client, courseId, { name: "Edited", description: "d", cards: cards(40) }));
    const deleted = (await getDeck(client, edited.id)).flashcards.slice(0, 10).map((card) => card.id);
    // 5 cards of room; the edit adds 8 and deletes 2.
    const before = await courseSnapshot(db, courseId);
    const over = { name: "Edited", description: "d", deleted: deleted.slice(0, 2), added: cards(8) };
    const error = await refusal(await client.put(`/api/decks/${edited.id}`, over));
    expect(error.issues).toEqual([
      {
        path: [],
        key: "validation.course_cards_full",
        params: { decks: 0, cards: 6, decksFit: COURSE_MAX_DECKS - COURSE_MAX_CARDS / 50 - 1, cardsFit: 5 },
      },
    ]);
    expect(await courseSnapshot(db, courseId)).toEqual(before);
    const even = { name: "Edited", description: "d", deleted, added: cards(10) };
    expect((await client.put(`/api/decks/${edited.id}`, even)).status).toBe(200);
  });

  it("lets only one of two decks created at the same moment take the course's last room", async () => {
    const { client, courseId } = await fullishCourse(COURSE_MAX_CARDS / 50 - 1, 50);
    const replies = await Promise.all(
      ["A", "B"].map((name) => postDeck(client, courseId, { name, description: "d", cards: cards(50) })),
    );
    expect(replies.map((res) => res.status).sort()).toEqual([201, 400]);
    const [total] = await db
      .select({ n: count() })
      .from(flashcards)
      .innerJoin(decks, eq(decks.id, flashcards.deckId))
      .where(eq(decks.courseId, courseId));
    expect(total?.n).toBe(COURSE_MAX_CARDS);
  });

  it("lets only one of two edits of one course at the same moment take its last room", async () => {
    const { client, courseId } = await fullishCourse(COURSE_MAX_CARDS / 50 - 2, 50);
    await ok(createDeck(client, courseId, { name: "Filler", description: "d", cards: cards(5) }));
    const first = await ok(createDeck(client, courseId, { name: "First", description: "d", cards: cards(40) }));
    const second = await ok(createDeck(client, courseId, { name: "Second", description: "d", cards: cards(40) }));
    const secondCards = (await getDeck(client, second.id)).flashcards.map((card) => card.id);
    // 15 cards of room: each edit adds 10 (the second deletes 2 of its own and adds 12).
    const replies = await Promise.all([
      client.put(`/api/decks/${first.id}`, { name: "First", description: "d", added: cards(10) }),
      client.put(`/api/decks/${second.id}`, {
        name: "Second",
        description: "d",
        deleted: secondCards.slice(0, 2),
        added: cards(12),
      }),
    ]);
    expect(replies.map((res) => res.status).sort()).toEqual([200, 400]);
    const [total] = await db
      .select({ n: count() })
      .from(flashcards)
      .innerJoin(decks, eq(decks.id, flashcards.deckId))
      .where(eq(decks.courseId, courseId));
    expect(total?.n).toBe(COURSE_MAX_CARDS - 15 + 10);
  });
});
