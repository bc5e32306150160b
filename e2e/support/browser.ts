/**
 * Drives Debian's Chromium with playwright-core (never a downloaded browser). Every page a test
 * opens is checked with axe-core when it loads and again when the test ends.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, inject } from "vitest";
import { launchChromium } from "../../harness/chromium";

const axeSource = readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

export const PHONE: BrowserContextOptions = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };

/** Fails on serious or critical accessibility violations in the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  // Judge the settled page: a toast fading in is half-transparent for a moment, which no one reads,
  // and no animation may start while axe runs (the landing's rotating word rises in every 1.25 s):
  // motion is reduced for the check, as a person may have it, then set back.
  const reduced = await page.evaluate(() => matchMedia("(prefers-reduced-motion: reduce)").matches);
  if (!reduced) await page.emulateMedia({ reducedMotion: "reduce" });
  try {
    await checkSettled(page);
  } finally {
    if (!reduced) await page.emulateMedia({ reducedMotion: "no-preference" });
  }
}

async function checkSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)));
    await Promise.race([
      Promise.all(finite.map((animation) => animation.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]);
  });
  const loaded = await page.evaluate(() => "axe" in window);
  // Evaluated through the DevTools protocol: the site's Content-Security-Policy refuses inline
  // script tags, and the test must not weaken it.
  if (!loaded) await page.evaluate(await axeSource);
  const violations = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected at run time
    const axe = (window as any).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations
      .filter((v: { impact: string }) => v.impact === "serious" || v.impact === "critical")
      .map(
        (v: { id: string; impact: string; help: string; nodes: { target: string[] }[] }) =>
          `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
      );
  });
  if (violations.length > 0) {
    throw new Error(`Accessibility violations on ${page.url()}:\n${violations.join("\n")}`);
  }
}

const artifactsDir = join(import.meta.dirname, "../artifacts");

/** A failed test leaves a picture of each of its pages in e2e/artifacts/. */
async function saveScreenshots(testName: string, contexts: BrowserContext[]) {
  await mkdir(artifactsDir, { recursive: true });
  const base = testName.replace(/[^a-z0-9]+/gi, "-").slice(0, 80);
  let n = 0;
  for (const context of contexts) {
    for (const page of context.pages()) {
      n += 1;
      await writeFile(join(artifactsDir, `${base}-${n}.url.txt`), `${page.url()}\n`);
      await page.screenshot({ path: join(artifactsDir, `${base}-${n}.png`), fullPage: true }).catch(() => {});
    }
  }
}

/** Resolves after two painted frames: whatever an event sent before changed has been rendered. */
export const settled = (page: Page) =>
  page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );

export interface BrowserSession {
  baseURL: string;
  /** A new browser context (its own cookies and storage) with one page. */
  newPage(options?: BrowserContextOptions): Promise<Page>;
  /** A new page signed in with a session cookie header ("name=value; …"), as an API fixture holds it. */
  signedInPage(cookie: string, options?: BrowserContextOptions): Promise<Page>;
  /** Opens a path, waits for the page's heading, and checks accessibility. */
  visit(page: Page, path: string): Promise<void>;
}

/** Call at the top level of a test file: one browser for the file, contexts closed after each test. */
export function setupBrowser(): BrowserSession {
  const baseURL = inject("baseURL");
  let browser: Browser;
  let contexts: BrowserContext[] = [];
  /** Anything the Content-Security-Policy refused: the product must run entirely within it. */
  let policyViolations: string[] = [];

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === "fail") await saveScreenshots(task.name, contexts);
    try {
      for (const context of contexts) for (const page of context.pages()) await expectAccessible(page);
      if (policyViolations.length > 0) {
        throw new Error(`Content-Security-Policy violations:\n${policyViolations.join("\n")}`);
      }
    } finally {
      await Promise.all(contexts.map((c) => c.close()));
      contexts = [];
      policyViolations = [];
    }
  });
  afterAll(async () => {
    await browser?.close();
  });

  return {
    baseURL,
    async newPage(options = {}) {
      const context = await browser.newContext({ baseURL, locale: "en-US", ...options });
      contexts.push(context);
      const page = await context.newPage();
      // Errors in the page are printed with the test's output, to explain a failure.
      page.on("pageerror", (error) => console.error(`[page error] ${page.url()}: ${error.message}`));
      page.on("console", (message) => {
        if (message.type() === "error") console.error(`[console] ${page.url()}: ${message.text()}`);
        if (/Content Security Policy/i.test(message.text())) policyViolations.push(`${page.url()}: ${message.text()}`);
      });
      return page;
    },
    async signedInPage(cookie, options = {}) {
      const page = await this.newPage(options);
      await page.context().addCookies(
        cookie.split("; ").map((pair) => {
          const [name = "", ...value] = pair.split("=");
          return { name, value: value.join("="), url: baseURL };
        }),
      );
      return page;
    },
    async visit(page, path) {
      await page.goto(path);
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      await expectAccessible(page);
    },
  };
}
