/**
 * The browser's own copy (IndexedDB, through idb; decision 0025): courses kept offline, decks
 * opened recently, and the outbox of answers and passes not yet on the server. Loaded only where
 * it is used (a chunk of its own), never with the first script.
 */
import type { CourseDetail } from "@shared/schemas/course";
import type { DeckDetail } from "@shared/schemas/deck";
import type { ReviewInput } from "@shared/schemas/review";
import { type DBSchema, type IDBPDatabase, openDB } from "idb";
import { DB_NAME } from "./offline-db-name";

export { DB_NAME };

const DB_VERSION = 1;

/** Outbox entries of a visitor (no account yet): offered to the account after signing in. */
export const VISITOR = "";
/** Decks opened recently that belong to no kept course: this many newest stay. */
export const RECENT_DECKS_MAX = 20;
/**
 * A visitor's answers kept on this device at most, until they sign in (decision 0035): a few weeks
 * of daily study. Beyond it the oldest answers go first; a test pass is never dropped.
 */
export const VISITOR_OUTBOX_MAX = 5_000;
/**
 * A signed-in person's answers waiting at most (decision 0035): they are sent whenever there is a
 * connection, so only weeks offline come near it. Beyond it the oldest answers go first.
 */
export const ACCOUNT_OUTBOX_MAX = 50_000;

export interface KeptCourse {
  id: number;
  course: CourseDetail;
  keptAt: number;
}

export interface SavedDeck {
  id: number;
  courseId: number;
  deck: DeckDetail;
  savedAt: number;
}

interface OutboxBase {
  /** The client's id (a UUID): the server records an answer with an id it has seen once. */
  id: string;
  /** Whose it is: a user id, or VISITOR. */
  userId: string;
  /** When it was queued (ms), for sending in the order given. */
  queuedAt: number;
}
export type OutboxAnswer = OutboxBase & { kind: "answer"; review: ReviewInput };
export type OutboxPass = OutboxBase & { kind: "pass"; deckId: number; courseId: number };
export type OutboxItem = OutboxAnswer | OutboxPass;

/** A review queue as the server last sent it ("all", or a course id as text). */
export interface SavedQueue {
  scope: string;
  queue: { cards: { cardId: number }[] };
  savedAt: number;
}

export interface OfflineSchema extends DBSchema {
  courses: { key: number; value: KeptCourse };
  queues: { key: string; value: SavedQueue };
  decks: { key: number; value: SavedDeck; indexes: { "by-course": number; "by-saved": number } };
  outbox: { key: string; value: OutboxItem; indexes: { "by-owner": [string, string, number] } };
}

export type OfflineDb = IDBPDatabase<OfflineSchema>;

const opened = new Map<string, Promise<OfflineDb>>();

/** One connection per page (per name: the unit tests open their own databases). */
export function offlineDb(name = DB_NAME): Promise<OfflineDb> {
  let db = opened.get(name);
  if (!db) {
    db = openDB<OfflineSchema>(name, DB_VERSION, {
      upgrade(database) {
        database.createObjectStore("courses", { keyPath: "id" });
        database.createObjectStore("queues", { keyPath: "scope" });
        const decks = database.createObjectStore("decks", { keyPath: "id" });
        decks.createIndex("by-course", "courseId");
        decks.createIndex("by-saved", "savedAt");
        const outbox = database.createObjectStore("outbox", { keyPath: "id" });
        // Whose, which kind, in the order queued: one range read gives the next batch.
        outbox.createIndex("by-owner", ["userId", "kind", "queuedAt"]);
      },
      // Another tab opened a newer version: let it upgrade, and open again on next use.
      blocking(_current, _next, event) {
        (event.target as IDBDatabase).close();
        opened.delete(name);
      },
    });
    opened.set(name, db);
    db.catch(() => opened.delete(name));
  }
  return db;
}

/** Bytes a stored value takes, near enough: its JSON in UTF-8. */
export function sizeOf(value: unknown): number {
  return new TextEncoder().encode(JSON.stringify(value)).byteLength;
}
