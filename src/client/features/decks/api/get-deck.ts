import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api";

export const deckQuery = (deckId: string) =>
  queryOptions({
    queryKey: ["decks", deckId],
    queryFn: () => unwrap(api.decks[":deckId"].$get({ param: { deckId } })),
  });

export function useDeck(deckId: string) {
  return useQuery(deckQuery(deckId));
}
