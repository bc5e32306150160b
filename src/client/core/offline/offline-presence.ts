/**
 * Whether this browser may hold an offline copy at all (decision 0034). Until a course is kept, a
 * deck opened or an answer queued, the IndexedDB database does not exist, and the pages that
 * would only look into it (the course page's switch, the refresh of a kept course) need not load
 * its code. Asks the browser for the names of its databases, which opens none; a browser that
 * cannot list them gets "maybe", and the code loads as before.
 */
import { DB_NAME } from "./offline-db-name";

/** Once there, the database stays for the page's life (the app never deletes it). */
let found = false;

export async function mayHaveOfflineCopy(): Promise<boolean> {
  if (found) return true;
  if (typeof indexedDB === "undefined") return false;
  if (typeof indexedDB.databases !== "function") return true;
  try {
    found = (await indexedDB.databases()).some((database) => database.name === DB_NAME);
  } catch {
    return true;
  }
  return found;
}
