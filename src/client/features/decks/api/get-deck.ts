import { queryOptions, useQuery } from "@tanstack/react-query";
import { unwrap } from "../../../lib/api";
import { api } from "../../../lib/api-client";

export const deckQuery = (deckId: string) =>
  queryOptions({
    queryKey: ["decks", deckId],
    queryFn: () => unwrap(api.decks[":deckId"].$get({ param: { deckId } })),
  });

export function useDeck(deckId: string) {
  return useQuery(deckQuery(deckId));
}
