/**
 * Where a write shows up, named once. Each mutation invalidates the entries that display what it
 * changed (decision 0018), not every course query.
 */

import type { DeckDetail } from "@shared/schemas/deck";
import type { QueryClient } from "@tanstack/react-query";
import { courseKeys, deckKeys, homeKeys, searchKeys } from "./keys";

export const refresh = {
  /** A course's page. Refetched even when off screen, so going back to it never shows the old one. */
  course: (queryClient: QueryClient, courseId: number) =>
    queryClient.invalidateQueries({ queryKey: courseKeys.detail(courseId), refetchType: "all" }),
  /** Everything that shows course names and descriptions: lists, the home lists, search results. */
  lists: (queryClient: QueryClient) =>
    Promise.all(
      [courseKeys.lists, homeKeys.lists, searchKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    ),
  /** "In progress" counts a course's decks against the ones passed (home and the full list). */
  progress: (queryClient: QueryClient) =>
    Promise.all(
      [courseKeys.mine("in-progress"), homeKeys.lists].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    ),
  /** Deck pages carry their course's name. */
  decksOf: (queryClient: QueryClient, courseId: number) =>
    queryClient.invalidateQueries({
      queryKey: deckKeys.all,
      predicate: (query) => (query.state.data as DeckDetail | undefined)?.courseId === courseId,
    }),
};
