import { unwrap } from "@client/lib/api";
import { typedApi } from "@client/lib/typed-api";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { deckKeys } from "./keys";

export const deckQuery = (deckId: string) =>
  queryOptions({
    queryKey: deckKeys.detail(deckId),
    queryFn: async () => unwrap((await typedApi()).decks[":deckId"].$get({ param: { deckId } })),
  });

export function useDeck(deckId: string) {
  return useQuery(deckQuery(deckId));
}
