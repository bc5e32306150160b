/**
 * Reading through the offline copy (decision 0025): a course, deck or review queue comes from the
 * server when it can, and its stored copy then refreshes; when the server cannot be reached the
 * copy is used. No copy: the network error stands, and the page says it is not available offline.
 * The IndexedDB code is its own chunk (precached by the service worker), loaded on first use.
 */

import { lastSession } from "@client/core/session/last-session";
import { ApiError } from "@client/lib/api";
import type { CourseDetail, CoursePracticeCards } from "@shared/schemas/course";
import type { DeckDetail } from "@shared/schemas/deck";
import { mayHaveOfflineCopy } from "./offline-presence";

const kept = () => import("./kept");
type KeptStore = Awaited<ReturnType<typeof kept>>;

/** A request that never reached the server (offline, or the connection dropped). */
export function isNetworkError(error: unknown): boolean {
  return error instanceof ApiError && error.code === "network";
}

/** How one kind of data is kept on this device: what differs between a course, a deck and a queue. */
export interface OfflineCopy<T> {
  /** Stores (or refreshes) the copy of what the server sent. In the background: a failure is logged. */
  keep(store: KeptStore, fresh: T): Promise<unknown>;
  /** Kept only on request ("Keep offline"): refreshed only where this browser may hold one. */
  onlyWhereStored?: boolean;
  /** The console's words when keeping fails. */
  keepFailed: string;
  /** Reads the copy (a failed read counts as none); absent when there can be none (a malformed id). */
  read?(store: KeptStore): Promise<T | undefined>;
  /** What the page is given of a copy read offline, when more than the copy itself. */
  shown?(copy: T): Promise<T>;
}

/** Network first, then this device's copy: the one loader behind the course, deck and review queue queries. */
export async function loadWithOfflineCopy<T>(load: () => Promise<T>, copy: OfflineCopy<T>): Promise<T> {
  try {
    const fresh = await load();
    // A copy kept only on request is refreshed only where the app's database exists: a visitor's
    // first visit loads no IndexedDB code (decision 0034).
    (copy.onlyWhereStored ? mayHaveOfflineCopy() : Promise.resolve(true))
      .then(async (stored) => stored && (await copy.keep(await kept(), fresh)))
      .catch((error: unknown) => console.error(copy.keepFailed, error));
    return fresh;
  } catch (error) {
    // A server error (404, 500) is never hidden by an old copy: only a request that did not arrive.
    if (!isNetworkError(error) || !copy.read) throw error;
    const stored = await copy.read(await kept()).catch(() => undefined);
    if (!stored) throw error;
    return copy.shown ? copy.shown(stored) : stored;
  }
}

/** An id from the address that a copy can be stored under (a positive integer), else undefined. */
function storedId(id: string): number | undefined {
  const number = Number(id);
  return Number.isInteger(number) && number > 0 ? number : undefined;
}

/** A course kept with "Keep offline": refreshed when read online; offline, with the passes still waiting. */
export function courseCopy(courseId: string): OfflineCopy<CourseDetail> {
  const id = storedId(courseId);
  return {
    keep: (store, course) => store.refreshKeptCourse(course),
    onlyWhereStored: true,
    keepFailed: "Refreshing the kept course failed",
    read: id === undefined ? undefined : (store) => store.keptCourse(id),
    shown: withWaitingPasses,
  };
}

/**
 * A course's cards to practise: offline, a kept course's come from its kept decks. Nothing more is
 * stored (the decks are kept with the course).
 */
export function courseCardsCopy(courseId: string): OfflineCopy<CoursePracticeCards> {
  const id = storedId(courseId);
  return {
    keep: () => Promise.resolve(),
    onlyWhereStored: true,
    keepFailed: "Keeping the course's cards failed",
    read: id === undefined ? undefined : (store) => store.keptCourseCards(id),
  };
}

/** A deck of a kept course, or one opened recently (the newest stay). */
export function deckCopy(deckId: string): OfflineCopy<DeckDetail> {
  const id = storedId(deckId);
  return {
    keep: (store, deck) => store.saveRecentDeck(deck),
    keepFailed: "Keeping the deck failed",
    read: id === undefined ? undefined : (store) => store.savedDeck(id),
  };
}

/**
 * The review queue ("all", or a course's): stored when read online; offline the stored one is used,
 * less the cards answered since it was read (answering drops them from stored queues).
 */
export function reviewQueueCopy<T extends { cards: { cardId: number }[] }>(
  courseId?: number,
  /** How the kept courses' queues make one, for "all" when none of all courses is stored. */
  merge?: (queues: T[]) => T,
): OfflineCopy<T> {
  const scope = courseId === undefined ? "all" : String(courseId);
  return {
    keep: (store, queue) => store.saveQueue(scope, queue),
    keepFailed: "Keeping the review queue failed",
    read: async (store) => {
      const stored = (await store.storedQueue(scope)) as T | undefined;
      if (stored || scope !== "all" || !merge) return stored;
      // Review was never opened online on this device: every kept course's queue together (#23).
      const courses = (await store.storedQueues()).filter((saved) => saved.scope !== "all");
      return courses.length > 0 ? merge(courses.map((saved) => saved.queue as T)) : undefined;
    },
  };
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
