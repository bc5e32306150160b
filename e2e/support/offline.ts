import type { BrowserContext, Page } from "playwright-core";

/**
 * Cuts the connection: `setOffline` (the browser says it is offline, requests fail) and, as a
 * second lock, every API request aborted. A request that a service-worker-controlled page makes
 * and the worker does not answer sometimes still reached the server under `setOffline` alone
 * (a harness leak, seen once in a few runs), which would make "nothing sent while offline" flaky.
 */
export async function cutConnection(context: BrowserContext) {
  await context.setOffline(true);
  await context.route("**/api/**", (route) => route.abort("internetdisconnected"));
}

export async function restoreConnection(context: BrowserContext) {
  await context.unroute("**/api/**");
  await context.setOffline(false);
}

/** Waits until the service worker has precached the app and controls the page. */
export async function serviceWorkerReady(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve));
    }
  });
}
