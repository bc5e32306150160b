/**
 * A review session's own list of cards (decision 0021). The server's queue shrinks as answers
 * reach it, so the screen never indexes into it: the session takes a snapshot of the first page,
 * appends later pages (leaving out cards it already holds), and counts against a total fixed at
 * its start. Each card of the session is shown once, in order, whatever the queue does meanwhile.
 */
import { REVIEW_QUEUE_PAGE } from "@shared/memory/limits";

export interface QueuePage<Card extends { cardId: number }> {
  cards: Card[];
  /** The whole session's cards, as home counts them; a stored offline copy may be older than its cards. */
  dueToday?: number;
  newToday?: number;
  nextDueAt: string | null;
}

export interface ReviewSession<Card extends { cardId: number }> {
  /** In the order shown; only ever appended to. */
  cards: Card[];
  /** "n of total": the session's size when it started (more only if a later page brings more). */
  total: number;
  /** The last page was full: the server may hold more once the answers have reached it. */
  more: boolean;
  nextDueAt: string | null;
}

const full = (page: QueuePage<{ cardId: number }>) => page.cards.length >= REVIEW_QUEUE_PAGE;

export function startSession<Card extends { cardId: number }>(page: QueuePage<Card>): ReviewSession<Card> {
  // A page that is not full is the whole session; a full one, the first of dueToday + newToday.
  const counted = (page.dueToday ?? 0) + (page.newToday ?? 0);
  return {
    cards: page.cards,
    total: full(page) ? Math.max(page.cards.length, counted) : page.cards.length,
    more: full(page),
    nextDueAt: page.nextDueAt,
  };
}

/**
 * The next page, asked for once the session's cards are answered and sent: a card the session
 * already showed (answered "Again" and due again by now) waits for the next session.
 */
export function withNextPage<Card extends { cardId: number }>(
  session: ReviewSession<Card>,
  page: QueuePage<Card>,
): ReviewSession<Card> {
  const held = new Set(session.cards.map((card) => card.cardId));
  const added = page.cards.filter((card) => !held.has(card.cardId));
  const cards = [...session.cards, ...added];
  return {
    cards,
    total: Math.max(session.total, cards.length),
    more: full(page) && added.length > 0,
    nextDueAt: page.nextDueAt,
  };
}
