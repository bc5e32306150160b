import { queryOptions, useQuery } from "@tanstack/react-query";
import { unwrap } from "../../../lib/api";
import { typedApi } from "../../../lib/typed-api";
import { deckKeys } from "./keys";

export const deckQuery = (deckId: string) =>
  queryOptions({
    queryKey: deckKeys.detail(deckId),
    queryFn: async () => unwrap((await typedApi()).decks[":deckId"].$get({ param: { deckId } })),
  });

export function useDeck(deckId: string) {
  return useQuery(deckQuery(deckId));
}
