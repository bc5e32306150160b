export interface QueueShape {
  cards: { cardId: number }[];
  dueToday: number;
  newToday: number;
  nextDueAt: string | null;
}

/**
 * Several courses' queues as one (offline, from the kept courses): their cards in turn, each once,
 * their counts added up, the soonest next due time. Offline the daily limits are each course's.
 */
export function mergeQueues<Q extends QueueShape>(queues: Q[]): Q {
  const seen = new Set<number>();
  const cards = queues
    .flatMap((queue) => queue.cards)
    .filter((card) => !seen.has(card.cardId) && Boolean(seen.add(card.cardId)));
  const next = queues.map((queue) => queue.nextDueAt).filter((at): at is string => at !== null);
  return {
    ...(queues[0] as Q),
    cards,
    dueToday: queues.reduce((sum, queue) => sum + queue.dueToday, 0),
    newToday: queues.reduce((sum, queue) => sum + queue.newToday, 0),
    nextDueAt: next.length > 0 ? next.reduce((a, b) => (Date.parse(a) <= Date.parse(b) ? a : b)) : null,
  };
}
