import { deckKeys } from "@client/core/cache/keys";
import { unwrap } from "@client/lib/api";
import { typedApi } from "@client/lib/typed-api";
import { queryOptions, useQuery } from "@tanstack/react-query";

/** A deck's hardest cards for its learners: asked for by the course's author only (the server refuses others). */
export const deckHardCardsQuery = (deckId: number) =>
  queryOptions({
    queryKey: deckKeys.hardCards(deckId),
    queryFn: async () =>
      unwrap((await typedApi()).decks[":deckId"]["hard-cards"].$get({ param: { deckId: String(deckId) } })),
  });

export function useDeckHardCards(deckId: number) {
  return useQuery(deckHardCardsQuery(deckId));
}
