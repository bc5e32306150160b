/**
 * Issue #23 item 2 (decision 0048): one definition of each number. One learner's state, read
 * through every endpoint a page uses: Home and the navigation (summary), Review (queue),
 * Statistics, the course page and the deck page (summary of a course, of a deck).
 */
import { randomUUID } from "node:crypto";
import { createDeck, follow } from "@server/test/factories";
import { signedInClient, type TestClient } from "@server/test/http-client";
import { createTestApp, setupTestApp } from "@server/test/test-app";
import type { Grade } from "@shared/memory/scheduler";
import type { MemoryCounts, ReviewMode } from "@shared/schemas/review";
import type { LearnerStats } from "@shared/schemas/stats";
import { describe, expect, it } from "vitest";

const { database } = await setupTestApp();
const { db } = database;

let now = new Date();
const app = createTestApp(db, { clock: () => now });
const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

function answer(cardId: number, mode: ReviewMode, grade: Grade, answeredAt: Date) {
  return { id: randomUUID(), cardId, mode, grade, responseMs: 900, answeredAt: answeredAt.toISOString() };
}

async function json<T>(client: TestClient, path: string): Promise<T> {
  const res = await client.get(path);
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

/** What each page reads, for one scope (the whole account, a course, a deck). */
async function pages(client: TestClient, query: string) {
  const summary = await json<MemoryCounts>(client, `/api/reviews/summary${query}`);
  const queue = await json<{ dueToday: number; newToday: number; cards: unknown[] }>(
    client,
    `/api/reviews/queue${query}`,
  );
  const stats = query.includes("deckId") ? null : await json<LearnerStats>(client, `/api/stats${query}`);
  return { summary, queue, stats };
}

describe("the figures about a learner's memory", () => {
  it("are the same on Home, Review, Statistics, the course page and the deck page", async () => {
    now = new Date();
    const { client, userId } = await signedInClient(app, db);
    const deck = await createDeck(db, { cards: 10 });
    await follow(db, userId, deck.courseId);
    const [a, b, c, d, e, f, g] = deck.cards.map((card) => card.id);
    const at = (ms: number) => new Date(now.getTime() - ms);
    const sent = [
      // Learned long ago, forgotten since: due now.
      answer(a ?? 0, "review", 4, at(30 * DAY)),
      answer(b ?? 0, "review", 4, at(30 * DAY)),
      // Learned yesterday: scheduled days ahead, not due today.
      answer(c ?? 0, "review", 4, at(DAY)),
      // Answered right in a passed test a minute ago: studied, in its learning steps.
      answer(d ?? 0, "test", 3, at(MINUTE)),
      answer(e ?? 0, "test", 3, at(MINUTE)),
      // Matched only: recognition, still new (decision 0047).
      answer(f ?? 0, "matching", 3, at(MINUTE)),
      // Failed a moment ago: relearning, due in minutes.
      answer(g ?? 0, "flip", 1, at(10 * 1000)),
    ];
    expect((await client.post("/api/reviews/batch", { reviews: sent })).status).toBe(200);
    expect((await client.post(`/api/progress/${deck.id}`, {})).status).toBeLessThan(300);

    const home = await pages(client, "");
    const course = await pages(client, `?courseId=${deck.courseId}`);
    const deckPage = await pages(client, `?deckId=${deck.id}`);

    // The definition, figure by figure.
    expect(home.summary).toMatchObject({ new: 4, learning: 3, learned: 3, studied: 6 });
    expect(home.summary.dueNow).toBeGreaterThanOrEqual(2);
    // a and b are due now; the new cards fill the rest of today's review (10 cards, 20 new a day).
    expect(home.summary.dueToday).toBe(home.summary.dueNow);
    expect(home.summary.newToday).toBe(4);

    for (const scope of [home, course, deckPage]) {
      // Home, the course page and the deck page: the same summary for this learner's one deck.
      expect(scope.summary).toEqual(home.summary);
      // Review: the session holds exactly "due today" (and every card of it fits one page).
      expect({ dueToday: scope.queue.dueToday, newToday: scope.queue.newToday }).toEqual({
        dueToday: home.summary.dueToday,
        newToday: home.summary.newToday,
      });
      expect(scope.queue.cards).toHaveLength(home.summary.dueToday + home.summary.newToday);
      // Statistics: the same figures, and its cards by state split learned into young and mature.
      if (scope.stats) {
        expect(scope.stats.today).toEqual(home.summary);
        const { new: fresh, learning, young, mature } = scope.stats.cardsByState;
        expect({ new: fresh, learning, learned: young + mature }).toEqual({
          new: home.summary.new,
          learning: home.summary.learning,
          learned: home.summary.learned,
        });
      }
    }
  });

  it("counts each card once: new + studied is every card of the scope", async () => {
    now = new Date();
    const { client } = await signedInClient(app, db);
    const deck = await createDeck(db, { cards: 6 });
    const other = await createDeck(db, { courseId: deck.courseId, cards: 5 });
    const sent = [deck.cards[0], deck.cards[1], other.cards[0]].map((card) =>
      answer(card?.id ?? 0, "test", 3, new Date(now.getTime() - MINUTE)),
    );
    expect((await client.post("/api/reviews/batch", { reviews: sent })).status).toBe(200);
    const course = await json<MemoryCounts>(client, `/api/reviews/summary?courseId=${deck.courseId}`);
    const first = await json<MemoryCounts>(client, `/api/reviews/summary?deckId=${deck.id}`);
    const second = await json<MemoryCounts>(client, `/api/reviews/summary?deckId=${other.id}`);
    expect({ new: course.new, studied: course.studied }).toEqual({ new: 8, studied: 3 });
    expect({ new: first.new, studied: first.studied }).toEqual({ new: 4, studied: 2 });
    expect({ new: second.new, studied: second.studied }).toEqual({ new: 4, studied: 1 });
    // The deck's new cards for today are the deck's own (its review takes them from it).
    expect(first.newToday).toBe(4);
  });
});
