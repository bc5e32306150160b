/**
 * A new version of the app (decision 0024): a new worker that is installed and waits while an
 * older one controls the page. It waits until the person chooses to reload, so an open study
 * session is never swapped out under them; until then the old worker keeps serving the old
 * version's files. "Reload" tells it to take over ({ type: "SKIP_WAITING" }, which the generated
 * worker listens for) and reloads once it has. Loaded only when a new version can turn up
 * (service-worker.ts, decision 0034).
 */

type Listener = () => void;
const listeners = new Set<Listener>();
let waiting: ServiceWorker | null = null;
let watching = false;

function offer(worker: ServiceWorker) {
  if (!navigator.serviceWorker.controller) return; // the first install: nothing older to replace
  waiting = worker;
  for (const listener of listeners) listener();
}

/** Offers `worker` once it is installed (at once if it already is). */
function whenInstalled(worker: ServiceWorker) {
  if (worker.state === "installed") offer(worker);
  else worker.addEventListener("statechange", () => worker.state === "installed" && offer(worker));
}

/** Starts watching the page's registration for a waiting worker (once per page). */
export function watchForUpdates(): void {
  if (watching || !("serviceWorker" in navigator)) return;
  watching = true;
  void navigator.serviceWorker.getRegistration().then((registration) => {
    if (!registration) return;
    // A version may already wait, or be installing since before this module loaded.
    if (registration.waiting) offer(registration.waiting);
    else if (registration.installing) whenInstalled(registration.installing);
    registration.addEventListener(
      "updatefound",
      () => registration.installing && whenInstalled(registration.installing),
    );
  });
}

export function updateReady(): boolean {
  return waiting !== null;
}

export function onUpdateReady(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Activates the waiting version and reloads the page with it. */
export function reloadWithUpdate(): void {
  // Another tab may have activated it already: then a reload is all it takes.
  if (waiting?.state !== "installed") {
    window.location.reload();
    return;
  }
  navigator.serviceWorker.addEventListener("controllerchange", () => window.location.reload(), { once: true });
  waiting.postMessage({ type: "SKIP_WAITING" });
}
