import { REVIEW_QUEUE_PAGE } from "@shared/memory/limits";
import { describe, expect, it } from "vitest";
import { startSession, withNextPage } from "./review-session";

const cards = (from: number, count: number) => Array.from({ length: count }, (_, i) => ({ cardId: from + i }));

describe("a review session's cards", () => {
  it("is the page it started with, counted whole, whatever the queue is later", () => {
    const session = startSession({ cards: cards(1, 20), dueToday: 18, newToday: 2, nextDueAt: null });
    expect(session).toMatchObject({ total: 20, more: false });
    expect(session.cards.map((card) => card.cardId)).toEqual(cards(1, 20).map((card) => card.cardId));
  });

  it("counts a full page's session as home does, and appends later pages without the cards it holds", () => {
    let session = startSession({ cards: cards(1, REVIEW_QUEUE_PAGE), dueToday: 60, newToday: 5, nextDueAt: null });
    expect(session).toMatchObject({ total: 65, more: true });
    // The next page comes after the answers reached the server; card 3 (answered "Again") is due again.
    session = withNextPage(session, { cards: [{ cardId: 3 }, ...cards(51, 15)], nextDueAt: "2026-01-01T00:00:00Z" });
    expect(session.cards.map((card) => card.cardId)).toEqual(cards(1, 65).map((card) => card.cardId));
    expect(session).toMatchObject({ total: 65, more: false, nextDueAt: "2026-01-01T00:00:00Z" });
  });

  it("stops asking when a full page brings nothing new", () => {
    const session = startSession({ cards: cards(1, REVIEW_QUEUE_PAGE), nextDueAt: null });
    expect(withNextPage(session, { cards: cards(1, REVIEW_QUEUE_PAGE), nextDueAt: null }).more).toBe(false);
  });

  it("counts an offline copy by its cards: the answered ones have left it", () => {
    expect(startSession({ cards: cards(1, 3), dueToday: 8, newToday: 0, nextDueAt: null }).total).toBe(3);
  });
});
