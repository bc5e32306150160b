/**
 * Toasts with the spec's durations: success 2 s, error 4 s, loading until dismissed.
 *
 * The toast library is a chunk of its own, loaded with the first toast (most visits show none):
 * the first call asks <ToastHost> (providers.tsx) to mount the toaster, and every toast waits until
 * the toaster listens, so none is lost.
 */

import { TOAST_ERROR_MS, TOAST_SUCCESS_MS } from "@shared/limits";
import { useSyncExternalStore } from "react";

type Toast = typeof import("sonner").toast;

let wanted = false;
const listeners = new Set<() => void>();
let markListening: () => void = () => {};
const listening = new Promise<void>((resolve) => {
  markListening = resolve;
});
let library: Promise<Toast> | undefined;

function show(render: (toast: Toast) => void): void {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  library ??= import("sonner").then((module) => module.toast);
  Promise.all([library, listening])
    .then(([toast]) => render(toast))
    .catch((error: unknown) => {
      library = undefined; // try again with the next toast
      console.error("Showing a notification failed", error);
    });
}

let loadingIds = 0;

export const notify = {
  success: (message: string) => show((toast) => toast.success(message, { duration: TOAST_SUCCESS_MS })),
  error: (message: string) => show((toast) => toast.error(message, { duration: TOAST_ERROR_MS })),
  /** Returns the id to dismiss it with. */
  loading: (message: string) => {
    const id = `loading-${++loadingIds}`;
    show((toast) => toast.loading(message, { id, duration: Number.POSITIVE_INFINITY }));
    return id;
  },
  dismiss: (id?: string | number) => show((toast) => toast.dismiss(id)),
};

/** True once something has been notified: then the toaster is mounted. */
export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
  );
}

/** Called by the toaster once it listens for toasts. */
export function toasterListening(): void {
  markListening();
}
