/**
 * Courses kept offline and decks opened recently (decision 0025). A kept course is stored with
 * every deck and card; a deck opened online is stored too, and the newest RECENT_DECKS_MAX of
 * those outside kept courses stay. Opening a kept course or deck online refreshes its copy.
 */
import { PRACTICE_MAX_CARDS } from "@shared/limits";
import type { CourseDetail, CoursePracticeCards } from "@shared/schemas/course";
import type { DeckDetail } from "@shared/schemas/deck";
import { type KeptCourse, offlineDb, RECENT_DECKS_MAX, type SavedDeck, type SavedQueue, sizeOf } from "./offline-db";

const listeners = new Set<() => void>();
/** Called whenever what is kept changes (the course page's switch, the kept-courses page). */
export function onKeptChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
function changed() {
  for (const listener of listeners) listener();
}

/** Stores the course with all its decks; everything is fetched first, so a failure keeps nothing. */
export async function keepCourse(
  course: CourseDetail,
  loadDeck: (deckId: number) => Promise<DeckDetail>,
  name?: string,
): Promise<void> {
  const decks = await Promise.all(course.decks.map((deck) => loadDeck(deck.id)));
  const db = await offlineDb(name);
  const tx = db.transaction(["courses", "decks"], "readwrite");
  const now = Date.now();
  await Promise.all([
    tx.objectStore("courses").put({ id: course.id, course, keptAt: now }),
    ...decks.map((deck) => tx.objectStore("decks").put({ id: deck.id, courseId: course.id, deck, savedAt: now })),
    tx.done,
  ]);
  changed();
}

/** A review queue read online, kept for reviewing offline ("all" or the course id). */
export async function saveQueue(scope: string, queue: SavedQueue["queue"], name?: string): Promise<void> {
  await (await offlineDb(name)).put("queues", { scope, queue, savedAt: Date.now() });
}

/** The stored review queue, without the cards answered since (they are no longer due). */
export async function storedQueue(scope: string, name?: string): Promise<SavedQueue["queue"] | undefined> {
  return (await (await offlineDb(name)).get("queues", scope))?.queue;
}

/** Every stored review queue ("all" and each kept course's). */
export async function storedQueues(name?: string): Promise<SavedQueue[]> {
  return (await offlineDb(name)).getAll("queues");
}

/** A card was answered: it leaves every stored review queue. */
export async function dropFromQueues(cardId: number, name?: string): Promise<void> {
  const tx = (await offlineDb(name)).transaction("queues", "readwrite");
  for (const saved of await tx.store.getAll()) {
    if (saved.queue.cards.some((card) => card.cardId === cardId)) {
      await tx.store.put({
        ...saved,
        queue: { ...saved.queue, cards: saved.queue.cards.filter((c) => c.cardId !== cardId) },
      });
    }
  }
  await tx.done;
}

/** Forgets the course and its decks (answers waiting to sync stay in the outbox). */
export async function removeCourse(courseId: number, name?: string): Promise<void> {
  const db = await offlineDb(name);
  const tx = db.transaction(["courses", "decks", "queues"], "readwrite");
  const deckIds = await tx.objectStore("decks").index("by-course").getAllKeys(courseId);
  await Promise.all([
    tx.objectStore("courses").delete(courseId),
    tx.objectStore("queues").delete(String(courseId)),
    ...deckIds.map((id) => tx.objectStore("decks").delete(id)),
    tx.done,
  ]);
  changed();
}

export async function isKept(courseId: number, name?: string): Promise<boolean> {
  return (await (await offlineDb(name)).getKey("courses", courseId)) !== undefined;
}

export async function keptCourse(courseId: number, name?: string): Promise<CourseDetail | undefined> {
  return (await (await offlineDb(name)).get("courses", courseId))?.course;
}

export async function savedDeck(deckId: number, name?: string): Promise<DeckDetail | undefined> {
  return (await (await offlineDb(name)).get("decks", deckId))?.deck;
}

/**
 * A kept course's cards to practise, from its kept decks, as the server gives them (issue #23
 * item 4): every card in deck order, or PRACTICE_MAX_CARDS of them at random. Undefined when the
 * course is not kept (a recent deck alone is not the course).
 */
export async function keptCourseCards(
  courseId: number,
  name?: string,
  random: () => number = Math.random,
): Promise<CoursePracticeCards | undefined> {
  const db = await offlineDb(name);
  const kept = await db.get("courses", courseId);
  if (!kept) return undefined;
  const decks = (await db.getAllFromIndex("decks", "by-course", courseId)).map((saved) => saved.deck);
  // A course kept before courses stated their languages has none: its cards then carry no `lang`.
  const { questionLanguage, answerLanguage } = kept.course;
  return {
    courseId,
    courseName: kept.course.name,
    questionLanguage,
    answerLanguage,
    ...practiceCardsOf(decks, random),
  };
}

/** Every card of the decks in deck order, or PRACTICE_MAX_CARDS of them chosen at random, still in that order. */
export function practiceCardsOf(
  decks: readonly DeckDetail[],
  random: () => number = Math.random,
): Pick<CoursePracticeCards, "total" | "cards"> {
  const all = [...decks]
    .sort((a, b) => a.level - b.level)
    .flatMap((deck) =>
      [...deck.flashcards]
        .sort((a, b) => a.id - b.id)
        .map((card) => ({ id: card.id, deckId: deck.id, question: card.question, answer: card.answer })),
    );
  if (all.length <= PRACTICE_MAX_CARDS) return { total: all.length, cards: all };
  // A random choice of positions (a partial Fisher–Yates), kept in deck order.
  const positions = all.map((_, i) => i);
  for (let i = 0; i < PRACTICE_MAX_CARDS; i++) {
    const j = i + Math.floor(random() * (positions.length - i));
    [positions[i], positions[j]] = [positions[j] as number, positions[i] as number];
  }
  const chosen = positions.slice(0, PRACTICE_MAX_CARDS).sort((a, b) => a - b);
  return { total: all.length, cards: chosen.map((i) => all[i] as (typeof all)[number]) };
}

/** A course read online: its kept copy (if any) is brought up to date. */
export async function refreshKeptCourse(course: CourseDetail, name?: string): Promise<void> {
  const db = await offlineDb(name);
  const tx = db.transaction("courses", "readwrite");
  const kept = await tx.store.get(course.id);
  if (kept) await tx.store.put({ ...kept, course });
  await tx.done;
}

/** A deck read online: kept as a recent deck (or refreshed in its kept course); old recent ones go. */
export async function saveRecentDeck(deck: DeckDetail, name?: string): Promise<void> {
  const db = await offlineDb(name);
  const tx = db.transaction(["courses", "decks"], "readwrite");
  const decks = tx.objectStore("decks");
  await decks.put({ id: deck.id, courseId: deck.courseId, deck, savedAt: Date.now() });
  const keptCourseIds = new Set(await tx.objectStore("courses").getAllKeys());
  const recent: SavedDeck[] = [];
  // Newest first; decks of kept courses are not counted.
  let cursor = await decks.index("by-saved").openCursor(null, "prev");
  while (cursor) {
    if (!keptCourseIds.has(cursor.value.courseId)) recent.push(cursor.value);
    cursor = await cursor.continue();
  }
  await Promise.all(recent.slice(RECENT_DECKS_MAX).map((old) => decks.delete(old.id)));
  await tx.done;
}

export interface KeptSummary {
  courses: { course: CourseDetail; keptAt: number; bytes: number; decks: number }[];
  recentDecks: { deck: DeckDetail; savedAt: number; bytes: number }[];
  totalBytes: number;
}

/** What is stored and how much room each takes (the kept-courses page). */
export async function keptSummary(name?: string): Promise<KeptSummary> {
  const db = await offlineDb(name);
  const [kept, decks] = await Promise.all([db.getAll("courses"), db.getAll("decks")]);
  const byCourse = new Map<number, SavedDeck[]>();
  for (const deck of decks) byCourse.set(deck.courseId, [...(byCourse.get(deck.courseId) ?? []), deck]);
  const courses = kept
    .map((entry: KeptCourse) => {
      const own = byCourse.get(entry.id) ?? [];
      return {
        course: entry.course,
        keptAt: entry.keptAt,
        decks: own.length,
        bytes: sizeOf(entry.course) + own.reduce((sum, deck) => sum + sizeOf(deck.deck), 0),
      };
    })
    .sort((a, b) => b.keptAt - a.keptAt);
  const keptIds = new Set(kept.map((entry) => entry.id));
  const recentDecks = decks
    .filter((deck) => !keptIds.has(deck.courseId))
    .map((deck) => ({ deck: deck.deck, savedAt: deck.savedAt, bytes: sizeOf(deck.deck) }))
    .sort((a, b) => b.savedAt - a.savedAt);
  const totalBytes = [...courses, ...recentDecks].reduce((sum, entry) => sum + entry.bytes, 0);
  return { courses, recentDecks, totalBytes };
}

export async function removeRecentDeck(deckId: number, name?: string): Promise<void> {
  await (await offlineDb(name)).delete("decks", deckId);
  changed();
}
