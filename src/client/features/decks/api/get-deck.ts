import { deckKeys } from "@client/core/cache/keys";
import { deckCopy, loadWithOfflineCopy } from "@client/core/offline/offline-copy";
import { unwrap } from "@client/lib/api";
import { typedApi } from "@client/lib/typed-api";
import { queryOptions, useQuery } from "@tanstack/react-query";

export const deckQuery = (deckId: string) =>
  queryOptions({
    queryKey: deckKeys.detail(deckId),
    // Offline, a kept or recently opened deck comes from this browser's copy (decision 0025).
    queryFn: () =>
      loadWithOfflineCopy(
        async () => unwrap((await typedApi()).decks[":deckId"].$get({ param: { deckId } })),
        deckCopy(deckId),
      ),
  });

export function useDeck(deckId: string) {
  return useQuery(deckQuery(deckId));
}
