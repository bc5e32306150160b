/**
 * Registers the service worker that vite-plugin-pwa builds (decision 0024). A new version waits
 * until the person chooses to reload, so an open study session is never swapped out under them;
 * until then the old worker keeps serving the old version's files.
 */
import { registerSW } from "virtual:pwa-register";

type Listener = () => void;
const listeners = new Set<Listener>();
let needRefresh = false;
let update: ((reload?: boolean) => Promise<void>) | undefined;
let registered = false;

export function registerServiceWorker() {
  if (registered || !("serviceWorker" in navigator)) return;
  registered = true;
  update = registerSW({
    onNeedRefresh() {
      needRefresh = true;
      for (const listener of listeners) listener();
    },
    onRegisterError(error: unknown) {
      console.error("The service worker could not be registered", error);
    },
  });
}

export function updateReady(): boolean {
  return needRefresh;
}

export function onUpdateReady(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Activates the waiting version and reloads the page with it. */
export function reloadWithUpdate(): void {
  if (update) void update(true);
  else window.location.reload();
}
