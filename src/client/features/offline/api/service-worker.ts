/**
 * The service worker that vite-plugin-pwa builds (decisions 0024, 0034), registered with the
 * browser's own API once the page has loaded and the browser is idle: the worker then precaches
 * the whole client without competing with the first screen. This part rides in the first script
 * and is all a first visit needs; watching for a new version (update-watch.ts) loads only once a
 * worker controls the page, since before that there is no older version to replace.
 */

/** Where the build writes the worker (vite-plugin-pwa's default name, at the site's root). */
export const SERVICE_WORKER_URL = "/sw.js";

function register() {
  navigator.serviceWorker
    .register(SERVICE_WORKER_URL, { scope: "/" })
    .catch((error: unknown) => console.error("The service worker could not be registered", error));
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

/** Whether a service worker controls this page (false on a first visit until the new one takes over). */
export function isControlled(): boolean {
  return typeof navigator !== "undefined" && !!navigator.serviceWorker?.controller;
}

export function onControllerChange(listener: () => void): () => void {
  if (!("serviceWorker" in navigator)) return () => {};
  navigator.serviceWorker.addEventListener("controllerchange", listener);
  return () => navigator.serviceWorker.removeEventListener("controllerchange", listener);
}
