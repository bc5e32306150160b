/**
 * The service worker that vite-plugin-pwa builds (decisions 0024, 0034), registered with the
 * browser's own API once the page has loaded and the browser is idle: the worker then precaches
 * the whole client without competing with the first screen. This part rides in the first script
 * and is all a first visit needs. Watching for a new version (update-watch.ts, with the prompt)
 * loads only when there can be one: a worker already controlled the page when it loaded (a
 * returning visit), or a new version turned up while one does.
 */

/** Where the build writes the worker (vite-plugin-pwa's default name, at the site's root). */
export const SERVICE_WORKER_URL = "/sw.js";

const listeners = new Set<() => void>();
let watch = typeof navigator !== "undefined" && Boolean(navigator.serviceWorker?.controller);

function register() {
  navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: "/" }).then(
    (registration) =>
      registration.addEventListener("updatefound", () => {
        // The first install replaces nothing; a worker found while another controls the page is a new version.
        if (watch || !navigator.serviceWorker.controller) return;
        watch = true;
        for (const listener of listeners) listener();
      }),
    (error: unknown) => console.error("The service worker could not be registered", error),
  );
}

/** Registers the worker after `load`, when the browser is idle (or after two seconds at most). */
export function registerServiceWorkerWhenIdle(): void {
  // `npm run dev` serves no worker: development never sees stale files.
  if (import.meta.env.DEV || !("serviceWorker" in navigator)) return;
  const whenIdle = () =>
    "requestIdleCallback" in window ? requestIdleCallback(register, { timeout: 2000 }) : setTimeout(register);
  if (document.readyState === "complete") whenIdle();
  else addEventListener("load", whenIdle, { once: true });
}

/** Whether a new version can turn up for this page: then the update prompt's code is wanted. */
export function shouldWatchForUpdates(): boolean {
  return watch;
}

export function onWatchForUpdates(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
