export const deckKeys = {
  all: ["decks"] as const,
  detail: (deckId: number | string) => ["decks", String(deckId)] as const,
};
