/**
 * Whether the browser says it is online. `navigator.onLine` false is reliable (no network at all);
 * true may still mean a dead connection, which the failed request then reports (decision 0025).
 * Small and free of IndexedDB: the header and the first screens use it.
 */
import { useSyncExternalStore } from "react";

function subscribe(listener: () => void): () => void {
  window.addEventListener("online", listener);
  window.addEventListener("offline", listener);
  return () => {
    window.removeEventListener("online", listener);
    window.removeEventListener("offline", listener);
  };
}

export function isOnline(): boolean {
  return typeof navigator === "undefined" || navigator.onLine;
}

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
