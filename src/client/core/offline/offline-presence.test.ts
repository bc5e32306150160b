/**
 * Whether the course page may look into this browser's offline copy (decision 0034), on
 * fake-indexeddb: not before the app's database exists, yes once it does, and "maybe" where the
 * browser cannot list its databases.
 */
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/** The module afresh: it remembers a database once found. */
const presence = async () => {
  vi.resetModules();
  return (await import("./offline-presence")).mayHaveOfflineCopy;
};

// A browser of its own: the unit files share their worker (and its IndexedDB), and another file
// may have opened the app's database already.
beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});
afterEach(() => vi.restoreAllMocks());

describe("mayHaveOfflineCopy", () => {
  it("says no until the app's database exists, and yes from then on", async () => {
    const mayHaveOfflineCopy = await presence();
    expect(await mayHaveOfflineCopy()).toBe(false);
    // Another database of the origin is not the app's.
    await new Promise((resolve) => Object.assign(indexedDB.open("something-else"), { onsuccess: resolve }));
    expect(await mayHaveOfflineCopy()).toBe(false);

    const { offlineDb } = await import("./offline-db");
    await offlineDb();
    expect(await mayHaveOfflineCopy()).toBe(true);
    expect(await (await presence())()).toBe(true);
  });

  it("says maybe where the browser cannot list its databases, or the listing fails", async () => {
    vi.spyOn(indexedDB, "databases").mockRejectedValue(new Error("not allowed"));
    expect(await (await presence())()).toBe(true);
    vi.restoreAllMocks();

    const databases = indexedDB.databases;
    try {
      Object.defineProperty(indexedDB, "databases", { value: undefined, configurable: true });
      expect(await (await presence())()).toBe(true);
    } finally {
      Object.defineProperty(indexedDB, "databases", { value: databases, configurable: true });
    }
  });
});
