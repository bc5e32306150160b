import { describe, expect, it } from "vitest";
import { mergeQueues } from "./merge-queues";

const queue = (cardIds: number[], dueToday: number, newToday: number, nextDueAt: string | null) => ({
  cards: cardIds.map((cardId) => ({ cardId, question: `Q${cardId}` })),
  dueToday,
  newToday,
  nextDueAt,
});

describe("the kept courses' review queues as one (offline /review)", () => {
  it("takes each course's cards in turn, each card once, adds the counts and keeps the soonest next time", () => {
    const merged = mergeQueues([
      queue([1, 2], 2, 0, "2026-12-03T09:00:00.000Z"),
      queue([3, 2], 1, 1, "2026-12-01T09:00:00.000Z"),
      queue([], 0, 0, null),
    ]);
    expect(merged.cards.map((card) => card.cardId)).toEqual([1, 2, 3]);
    expect(merged).toMatchObject({ dueToday: 3, newToday: 1, nextDueAt: "2026-12-01T09:00:00.000Z" });
    expect(mergeQueues([queue([4], 1, 0, null)]).nextDueAt).toBeNull();
  });
});
