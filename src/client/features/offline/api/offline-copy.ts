/**
 * Reading through the offline copy (decision 0025): a course or deck comes from the server when it
 * can, and its stored copy then refreshes; when the server cannot be reached the copy is used. No
 * copy: the network error stands, and the page says it is not available offline. The IndexedDB
 * code is its own chunk (precached by the service worker), loaded on first use.
 */
import { ApiError } from "@client/lib/api";
import type { CourseDetail } from "@shared/schemas/course";
import type { DeckDetail } from "@shared/schemas/deck";
import { lastSession } from "./last-session";
import { mayHaveOfflineCopy } from "./offline-presence";

const kept = () => import("./kept");

/** A request that never reached the server (offline, or the connection dropped). */
export function isNetworkError(error: unknown): boolean {
  return error instanceof ApiError && error.code === "network";
}

export async function courseWithOfflineCopy(courseId: string, load: () => Promise<CourseDetail>) {
  try {
    const course = await load();
    // Only a browser that stores something can have kept it (decision 0034): a first visit loads no IndexedDB code.
    mayHaveOfflineCopy()
      .then(async (stored) => stored && (await kept()).refreshKeptCourse(course))
      .catch((error: unknown) => console.error("Refreshing the kept course failed", error));
    return course;
  } catch (error) {
    const id = Number(courseId);
    if (!isNetworkError(error) || !Number.isInteger(id) || id <= 0) throw error;
    const copy = await (await kept()).keptCourse(id).catch(() => undefined);
    if (!copy) throw error;
    return withWaitingPasses(copy);
  }
}

/** Tests passed offline show as passed on the kept copy, before they reach the server. */
async function withWaitingPasses(course: CourseDetail): Promise<CourseDetail> {
  if (!course.viewer) return course;
  // Whoever was signed in last: the page may not know yet (the session check runs alongside).
  const user = lastSession();
  if (!user) return course;
  const { waitingPasses } = await import("./outbox");
  const waiting = (await waitingPasses(user.id).catch(() => [])).filter((pass) => pass.courseId === course.id);
  if (waiting.length === 0) return course;
  const passed = new Set([...course.viewer.passedDeckIds, ...waiting.map((pass) => pass.deckId)]);
  return { ...course, viewer: { ...course.viewer, passedDeckIds: [...passed] } };
}

export async function deckWithOfflineCopy(deckId: string, load: () => Promise<DeckDetail>) {
  try {
    const deck = await load();
    kept()
      .then((store) => store.saveRecentDeck(deck))
      .catch((error: unknown) => console.error("Keeping the deck failed", error));
    return deck;
  } catch (error) {
    const id = Number(deckId);
    if (!isNetworkError(error) || !Number.isInteger(id) || id <= 0) throw error;
    const copy = await (await kept()).savedDeck(id).catch(() => undefined);
    if (!copy) throw error;
    return copy;
  }
}

/**
 * The review queue: online it is stored ("all" or the course), offline the stored one is used,
 * less the cards answered since it was read.
 */
export async function queueWithOfflineCopy<T extends { cards: { cardId: number }[] }>(
  courseId: number | undefined,
  load: () => Promise<T>,
): Promise<T> {
  const scope = courseId === undefined ? "all" : String(courseId);
  try {
    const queue = await load();
    kept()
      .then((store) => store.saveQueue(scope, queue))
      .catch((error: unknown) => console.error("Keeping the review queue failed", error));
    return queue;
  } catch (error) {
    if (!isNetworkError(error)) throw error;
    const copy = await (await kept()).storedQueue(scope).catch(() => undefined);
    if (!copy) throw error;
    return copy as T;
  }
}
