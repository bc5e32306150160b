import { randomUUID } from "node:crypto";
import { createCourse, createDeck, createUser, rememberCard } from "@server/test/factories";
import { signedInClient, signInAs, TestClient } from "@server/test/http-client";
import { expectIndexed, explainReads, rolledBack } from "@server/test/query-plans";
import { createTestApp, setupTestApp } from "@server/test/test-app";
import { AUTHOR_STATS_MIN_LEARNERS, LEECH_LAPSES, LEECHES_SHOWN } from "@shared/memory/limits";
import type { DeckHardCards, Leeches } from "@shared/schemas/stats";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { deckFiguresStatement, leechesStatement } from "./hard-cards.service";

const { database } = await setupTestApp();
const { db } = database;
let now = new Date("2026-06-10T12:00:00Z");
const app = createTestApp(db, { clock: () => now });
const DAY = 24 * 60 * 60 * 1000;

const leechesOf = async (client: TestClient, query = "") =>
  (await (await client.get(`/api/stats/leeches${query}`)).json()) as Leeches;

describe("leeches", () => {
  it(`lists the learner's cards forgotten ${LEECH_LAPSES} times or more, not one forgotten ${LEECH_LAPSES - 1} times`, async () => {
    const learner = await signedInClient(app, db);
    const other = await signedInClient(app, db);
    const deck = await createDeck(db, { name: "Verbs", cards: 4 });
    const elsewhere = await createDeck(db, { name: "Nouns" });
    const [eight, seven, none] = deck.cards;
    const [twelve] = elsewhere.cards;
    if (!eight || !seven || !none || !twelve) throw new Error("cards missing");
    await rememberCard(db, { userId: learner.userId, cardId: eight.id, courseId: deck.courseId, lapses: LEECH_LAPSES });
    await rememberCard(db, {
      userId: learner.userId,
      cardId: seven.id,
      courseId: deck.courseId,
      lapses: LEECH_LAPSES - 1,
    });
    await rememberCard(db, { userId: learner.userId, cardId: none.id, courseId: deck.courseId });
    await rememberCard(db, { userId: learner.userId, cardId: twelve.id, courseId: elsewhere.courseId, lapses: 12 });
    // Another learner's leech is theirs alone.
    await rememberCard(db, { userId: other.userId, cardId: none.id, courseId: deck.courseId, lapses: 20 });
    const course = await db.query.courses.findFirst({ where: (c, { eq }) => eq(c.id, deck.courseId) });

    const res = await learner.client.get("/api/stats/leeches");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const all = (await res.json()) as Leeches;
    expect(all.total).toBe(2);
    expect(all.cards.map((card) => [card.cardId, card.lapses])).toEqual([
      [twelve.id, 12],
      [eight.id, LEECH_LAPSES],
    ]);
    expect(all.cards[1]).toEqual({
      cardId: eight.id,
      question: eight.question,
      answer: eight.correctAnswer,
      courseId: deck.courseId,
      courseName: course?.name,
      questionLanguage: "en",
      answerLanguage: "en",
      deckId: deck.id,
      deckName: "Verbs",
      lapses: LEECH_LAPSES,
    });

    const oneCourse = await leechesOf(learner.client, `?courseId=${deck.courseId}`);
    expect(oneCourse.total).toBe(1);
    expect(oneCourse.cards.map((card) => card.cardId)).toEqual([eight.id]);
    expect((await leechesOf(other.client)).cards.map((card) => card.cardId)).toEqual([none.id]);
  });

  it("come from real answers: a card forgotten after being learned, once a day", async () => {
    now = new Date("2026-06-10T12:00:00Z");
    const { client } = await signedInClient(app, db);
    const deck = await createDeck(db);
    const [leech, almost] = deck.cards;
    if (!leech || !almost) throw new Error("cards missing");
    // Easy learns the card; then each lapse is an Again on a learned card, and a Good the next day
    // learns it again. One answer a day, so no same-day rule can set any aside.
    const history = (cardId: number, lapses: number, start: number) => {
      const answers = [{ day: start, grade: 4 }];
      for (let i = 0; i < lapses; i++)
        answers.push({ day: start + 2 + 3 * i, grade: 1 }, { day: start + 3 + 3 * i, grade: 3 });
      return answers.map(({ day, grade }) => ({
        id: randomUUID(),
        cardId,
        mode: "review",
        grade,
        answeredAt: new Date(now.getTime() - (60 - day) * DAY).toISOString(),
      }));
    };
    const res = await client.post("/api/reviews/batch", {
      reviews: [...history(leech.id, LEECH_LAPSES, 0), ...history(almost.id, LEECH_LAPSES - 1, 1)],
    });
    expect(res.status).toBe(200);
    const leeches = await leechesOf(client);
    expect(leeches.cards.map((card) => [card.cardId, card.lapses])).toEqual([[leech.id, LEECH_LAPSES]]);
    expect(leeches.total).toBe(1);
  });

  it(`shows at most ${LEECHES_SHOWN}, the most forgotten first, and says how many there are`, async () => {
    const { client, userId } = await signedInClient(app, db);
    const deck = await createDeck(db, { cards: LEECHES_SHOWN + 5 });
    for (const [i, card] of deck.cards.entries()) {
      await rememberCard(db, { userId, cardId: card.id, courseId: deck.courseId, lapses: LEECH_LAPSES + (i % 7) });
    }
    const leeches = await leechesOf(client);
    expect(leeches.total).toBe(LEECHES_SHOWN + 5);
    expect(leeches.cards).toHaveLength(LEECHES_SHOWN);
    const lapses = leeches.cards.map((card) => card.lapses);
    expect(lapses).toEqual([...lapses].sort((a, b) => b - a));
    expect(lapses[0]).toBe(LEECH_LAPSES + 6);
  });

  it("are an empty list for a learner with none, and refused to a visitor", async () => {
    const { client } = await signedInClient(app, db);
    expect(await leechesOf(client)).toEqual({ total: 0, cards: [] });
    const visitor = await new TestClient(app).get("/api/stats/leeches");
    expect(visitor.status).toBe(401);
    expect((await visitor.json()).error.code).toBe("unauthenticated");
    expect((await client.get("/api/stats/leeches?courseId=0")).status).toBe(400);
  });
});

describe("a deck's hard cards, for its author", () => {
  /** A deck of the author's, and learners who remember its cards with the lapses given per card. */
  async function deckWithLearners(lapsesPerLearner: number[][]) {
    const author = await signedInClient(app, db);
    const course = await createCourse(db, author.userId, { decks: 1, cardsPerDeck: 4 });
    const deck = course.decks[0];
    if (!deck) throw new Error("deck missing");
    const cards = await db.query.flashcards.findMany({
      where: (f, { eq }) => eq(f.deckId, deck.id),
      orderBy: (f, { asc }) => asc(f.id),
    });
    const learners: string[] = [];
    for (const lapses of lapsesPerLearner) {
      const learner = await createUser(db);
      learners.push(learner.id);
      for (const [i, count] of lapses.entries()) {
        const card = cards[i];
        if (card) await rememberCard(db, { userId: learner.id, cardId: card.id, courseId: course.id, lapses: count });
      }
    }
    return { author, course, deck, cards, learners };
  }
  const hardCards = async (client: TestClient, deckId: number) =>
    (await (await client.get(`/api/decks/${deckId}/hard-cards`)).json()) as DeckHardCards;

  it(`measures a card once ${AUTHOR_STATS_MIN_LEARNERS} learners have answered it, the author aside`, async () => {
    const floor = AUTHOR_STATS_MIN_LEARNERS;
    // Card 1: forgotten by 2 of the learners; card 2: answered by all, forgotten by none; card 3: by
    // the first learner only.
    const below = Array.from({ length: floor - 1 }, (_, i) => (i === 0 ? [3, 0, 1] : [i === 1 ? 2 : 0, 0]));
    const { author, course, deck, cards } = await deckWithLearners(below);
    const [first, second] = cards;
    if (!first || !second) throw new Error("cards missing");
    // The author's own memory of the card counts for nothing.
    await rememberCard(db, { userId: author.userId, cardId: first.id, courseId: course.id, lapses: 9 });

    const res = await author.client.get(`/api/decks/${deck.id}/hard-cards`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(await res.json()).toEqual({ minLearners: floor, measured: 0, belowFloor: 3, cards: [] });

    // One more learner: the first two cards reach the floor.
    const fifth = await createUser(db);
    await rememberCard(db, { userId: fifth.id, cardId: first.id, courseId: course.id, lapses: 1 });
    await rememberCard(db, { userId: fifth.id, cardId: second.id, courseId: course.id });
    const measured = await hardCards(author.client, deck.id);
    expect(measured).toEqual({
      minLearners: floor,
      measured: 2,
      belowFloor: 1,
      cards: [
        {
          cardId: first.id,
          question: first.question,
          answer: first.correctAnswer,
          learners: floor,
          forgotBy: 3,
          share: 3 / floor,
          lapses: 6,
        },
      ],
    });
    // No learner is named, and no figure of the author's own memory shows.
    const text = JSON.stringify(measured);
    expect(text).not.toContain(fifth.id);
    expect(text).not.toContain(author.userId);
  });

  it("are the author's alone: 401 for a visitor, 403 for another user, 404 for a deck that is not there", async () => {
    const { author, deck, learners } = await deckWithLearners(Array.from({ length: 6 }, () => [1, 1, 1, 1]));
    const before = await hardCards(author.client, deck.id);
    expect(before.cards).toHaveLength(4);

    const visitor = await new TestClient(app).get(`/api/decks/${deck.id}/hard-cards`);
    expect(visitor.status).toBe(401);
    expect((await visitor.json()).error.code).toBe("unauthenticated");

    const stranger = await signedInClient(app, db);
    const refused = await stranger.client.get(`/api/decks/${deck.id}/hard-cards`);
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.code).toBe("forbidden");

    // A learner of the deck is no author either.
    const learner = new TestClient(app);
    await signInAs(learner, db, learners[0] ?? "");
    expect((await learner.get(`/api/decks/${deck.id}/hard-cards`)).status).toBe(403);

    const missing = await author.client.get("/api/decks/2147483647/hard-cards");
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.code).toBe("not_found");
  });
});

describe("the hard-card statements' plans", () => {
  it("read a learner's leeches from the partial index, and a deck's figures from (card_id, lapses)", async () => {
    const deck = await createDeck(db, { cards: 50 });
    const heavy = await createUser(db);
    const many = await createDeck(db);
    const plans = await rolledBack(db, async (tx) => {
      // 300 learners of the deck, and one who studies 3,000 cards, so the planner has real statistics.
      await tx.execute(sql`
        insert into users (id, name, email, email_verified)
        select 'plan-' || ${deck.id} || '-' || g, 'Learner', 'plan-' || ${deck.id} || '-' || g || '@test.example', true
        from generate_series(1, 300) g`);
      await tx.execute(sql`
        insert into card_memory (user_id, card_id, course_id, due, stability, difficulty, state, reps, lapses,
                                 learning_steps, scheduled_days, introduced_at)
        select 'plan-' || ${deck.id} || '-' || g, f.id, ${deck.courseId}, now(), 5, 5, 'review', 3, (g + f.id) % 4, 0, 5, now()
        from generate_series(1, 300) g cross join flashcards f where f.deck_id = ${deck.id}`);
      await tx.execute(sql`
        insert into flashcards (deck_id, question, correct_answer, duration)
        select ${many.id}, 'Q' || g, 'A' || g, 3 from generate_series(1, 3000) g`);
      await tx.execute(sql`
        insert into card_memory (user_id, card_id, course_id, due, stability, difficulty, state, reps, lapses,
                                 learning_steps, scheduled_days, introduced_at)
        select ${heavy.id}, f.id, ${many.courseId}, now(), 5, 5, 'review', 3, case when f.id % 1000 = 0 then 9 else 1 end,
               0, 5, now()
        from flashcards f where f.deck_id = ${many.id}`);
      await tx.execute(sql`analyze card_memory`);
      return {
        leeches: await explainReads(tx, leechesStatement(heavy.id)),
        figures: await explainReads(tx, deckFiguresStatement(deck.id, heavy.id)),
      };
    });
    expectIndexed(
      plans.leeches,
      "card_memory",
      new RegExp(`^btree \\(user_id\\) WHERE \\(lapses >= ${LEECH_LAPSES}\\)`),
    );
    expectIndexed(plans.figures, "card_memory", /^btree \(card_id, lapses\)/);
  });
});
