import { courseKeys } from "@client/core/cache/keys";
import { courseCardsCopy, loadWithOfflineCopy } from "@client/core/offline/offline-copy";
import { unwrap } from "@client/lib/api";
import { typedApi } from "@client/lib/typed-api";
import { queryOptions, useQuery } from "@tanstack/react-query";

/**
 * A course's cards to practise (issue #23 item 4): every deck's, or 500 of them at random in a
 * bigger course. Offline, a kept course's come from its kept decks (decision 0025).
 */
export const courseCardsQuery = (courseId: string) =>
  queryOptions({
    queryKey: courseKeys.practiceCards(courseId),
    queryFn: () =>
      loadWithOfflineCopy(
        async () => unwrap((await typedApi()).courses[":courseId"].cards.$get({ param: { courseId } })),
        courseCardsCopy(courseId),
      ),
  });

export function useCourseCards(courseId: string) {
  return useQuery(courseCardsQuery(courseId));
}
