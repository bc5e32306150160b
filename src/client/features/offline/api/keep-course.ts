/**
 * The course page's "Keep offline" switch at work (decision 0025): loaded when the switch is
 * used, with the IndexedDB code it drives, not with the page (decision 0034).
 */

import { keepCourse, removeCourse, saveQueue } from "@client/core/offline/kept";
import { unwrap } from "@client/lib/api";
import { typedApi } from "@client/lib/typed-api";
import type { CourseDetail } from "@shared/schemas/course";

/** Asks the browser not to clear what is kept when space runs short (it may say no). */
async function requestPersistentStorage(): Promise<boolean> {
  try {
    return (await navigator.storage?.persist?.()) ?? false;
  } catch {
    return false;
  }
}

/**
 * Stores the course with every deck and card; a learner's review queue for the course comes
 * along, to review it offline.
 */
export async function keepOffline(course: CourseDetail, learner: boolean): Promise<void> {
  const api = await typedApi();
  await keepCourse(course, (deckId) => unwrap(api.decks[":deckId"].$get({ param: { deckId: String(deckId) } })));
  if (learner) {
    const queue = await unwrap(api.reviews.queue.$get({ query: { courseId: String(course.id) } }));
    await saveQueue(String(course.id), queue);
  }
  void requestPersistentStorage();
}

export { removeCourse };
