/** The IndexedDB database of the offline copy and the outbox (offline-db.ts), by itself: free of idb. */
export const DB_NAME = "flashcards-offline";
