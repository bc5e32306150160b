/**
 * Drives Debian's Chromium with playwright-core (never a downloaded browser). Every page a test
 * opens is checked with axe-core when it loads and again when the test ends.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, inject } from "vitest";

const CHROMIUM = "/usr/bin/chromium";
const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

const axeSource = readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

export const PHONE: BrowserContextOptions = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };

/** Fails on serious or critical accessibility violations in the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  const loaded = await page.evaluate(() => "axe" in window);
  if (!loaded) await page.addScriptTag({ content: await axeSource });
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

export interface BrowserSession {
  baseURL: string;
  /** A new browser context (its own cookies and storage) with one page. */
  newPage(options?: BrowserContextOptions): Promise<Page>;
  /** Opens a path, waits for the page's heading, and checks accessibility. */
  visit(page: Page, path: string): Promise<void>;
}

/** Call at the top level of a test file: one browser for the file, contexts closed after each test. */
export function setupBrowser(): BrowserSession {
  const baseURL = inject("baseURL");
  let browser: Browser;
  let contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  });
  afterEach(async () => {
    try {
      for (const context of contexts) for (const page of context.pages()) await expectAccessible(page);
    } finally {
      await Promise.all(contexts.map((c) => c.close()));
      contexts = [];
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
      return context.newPage();
    },
    async visit(page, path) {
      await page.goto(path);
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      await expectAccessible(page);
    },
  };
}
