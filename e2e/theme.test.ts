/**
 * Dark mode, the phone layout of the landing page and footer, and where toasts appear (issue #14:
 * dark mode, items 7, 11 and 12). Every page is checked with axe in the scheme it is shown in, so
 * colour contrast is checked in both.
 */
import type { BrowserContextOptions, Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createDeckFixture, type DeckFixture } from "../harness/fixtures";
import { signIn } from "./support/accounts";
import { expectAccessible, PHONE, setupBrowser } from "./support/browser";
import { FOUR_CARDS } from "./support/study";

const session = setupBrowser();

/** global.css's --bg in each scheme, as the browser computes it. */
const BACKGROUND = { light: "rgb(246, 247, 251)", dark: "rgb(15, 17, 23)" };

let deck: DeckFixture;
let deckPath: string;

beforeAll(async () => {
  const baseURL = inject("baseURL");
  deck = await createDeckFixture(baseURL, FOUR_CARDS);
  deckPath = `/courses/${deck.courseId}/decks/${deck.deckId}`;
  // A few answers, so the statistics page draws its charts.
  const headers = { origin: baseURL, cookie: deck.cookie, "content-type": "application/json" };
  const cards = (await (await fetch(`${baseURL}/api/decks/${deck.deckId}`, { headers })).json()) as {
    flashcards: { id: number }[];
  };
  const reviews = cards.flashcards.map((card, i) => ({
    id: crypto.randomUUID(),
    cardId: card.id,
    mode: "test",
    grade: 3,
    responseMs: 1000 + i * 200,
    answeredAt: new Date(Date.now() - (i + 1) * 86_400_000).toISOString(),
  }));
  const batch = await fetch(`${baseURL}/api/reviews/batch`, {
    method: "POST",
    headers,
    body: JSON.stringify({ reviews }),
  });
  expect(batch.status).toBe(200);
});

const scheme = (page: Page) =>
  page.evaluate(() => ({
    theme: document.documentElement.dataset.theme,
    background: getComputedStyle(document.documentElement).backgroundColor,
  }));

/** Opens a page with the app's scripts refused: what shows is index.html and its styles alone. */
async function withoutAppScripts(page: Page, path: string) {
  await page.route("**/assets/*.js", (route) => route.abort());
  await page.goto(path);
  await page.locator(".boot-header").waitFor();
}

async function chooseTheme(page: Page, name: string) {
  await page
    .getByRole("banner")
    .getByRole("button", { name: /Language/ })
    .click();
  await page.getByRole("menuitemradio", { name, exact: true }).click();
}

async function signedIn(page: Page, language: "en" | "ja" = "en") {
  await page.goto(`/${language}/`);
  await signIn(page, deck.email, deck.password, language);
  await page.getByRole("button", { name: language === "en" ? /Account menu for/ : /のアカウントメニュー/ }).waitFor();
}

/** The charts' axis labels (global.css's --text-muted) in each scheme, as red, green, blue. */
const LABELS = { light: [0x4f, 0x56, 0x6b], dark: [0xa9, 0xaf, 0xc2] } as const;

/** Whether a canvas has solid pixels of (nearly) this colour: a chart's text drawn in it. */
const drawsIn = (canvas: Locator, rgb: readonly number[]) =>
  canvas.evaluate((element, [r = 0, g = 0, b = 0]) => {
    const c = element as HTMLCanvasElement;
    const data = c.getContext("2d")?.getImageData(0, 0, c.width, c.height).data ?? [];
    const near = (value: number | undefined, want: number) => Math.abs((value ?? -99) - want) <= 8;
    for (let i = 0; i < data.length; i += 4) {
      if ((data[i + 3] ?? 0) > 240 && near(data[i], r) && near(data[i + 1], g) && near(data[i + 2], b)) return true;
    }
    return false;
  }, rgb);

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator} has no box`);
  return found;
}

describe("dark mode", () => {
  it("follows the system's dark scheme, from the first paint on", async () => {
    const page = await session.newPage({ colorScheme: "dark" });
    await session.visit(page, "/en/");
    expect(await scheme(page)).toEqual({ theme: "dark", background: BACKGROUND.dark });

    // Before any of the app's code runs, index.html's own script has chosen the scheme.
    const bare = await session.newPage({ colorScheme: "dark" });
    await withoutAppScripts(bare, "/en/");
    expect(await scheme(bare)).toEqual({ theme: "dark", background: BACKGROUND.dark });
    const header = await bare.locator(".boot-header").evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(header).toBe("rgb(24, 27, 36)");

    const light = await session.newPage({ colorScheme: "light" });
    await session.visit(light, "/en/");
    expect(await scheme(light)).toEqual({ theme: "light", background: BACKGROUND.light });
  });

  it("keeps the header menu's choice across reloads, before the first paint too, until System is chosen", async () => {
    const page = await session.newPage({ colorScheme: "light" });
    await session.visit(page, "/en/");
    await chooseTheme(page, "Dark");
    expect(await scheme(page)).toEqual({ theme: "dark", background: BACKGROUND.dark });
    expect(await page.evaluate(() => localStorage.getItem("preferredTheme"))).toBe("dark");
    await expectAccessible(page);

    await page.reload();
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    expect(await scheme(page)).toEqual({ theme: "dark", background: BACKGROUND.dark });
    await page
      .getByRole("banner")
      .getByRole("button", { name: /Language/ })
      .click();
    expect(await page.getByRole("menuitemradio", { name: "Dark" }).getAttribute("aria-checked")).toBe("true");
    await page.keyboard.press("Escape");

    // Stored, so the next visit starts dark before the app's code runs.
    const bare = await page.context().newPage();
    await withoutAppScripts(bare, "/en/");
    expect(await scheme(bare)).toEqual({ theme: "dark", background: BACKGROUND.dark });
    await bare.close();

    await chooseTheme(page, "System");
    expect(await scheme(page)).toEqual({ theme: "light", background: BACKGROUND.light });
    await chooseTheme(page, "Light");
    await page.reload();
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    expect(await scheme(page)).toEqual({ theme: "light", background: BACKGROUND.light });
  });

  it("offers the choice in Japanese", async () => {
    const page = await session.newPage({ colorScheme: "light", locale: "ja-JP" });
    await session.visit(page, "/ja/");
    const button = page.getByRole("banner").getByRole("button", { name: /言語/ });
    expect(await button.getAttribute("aria-label")).toBe("言語：日本語、テーマ：端末の設定に合わせる");
    await button.click();
    await page.getByRole("menuitemradio", { name: "ダーク" }).click();
    expect(await scheme(page)).toEqual({ theme: "dark", background: BACKGROUND.dark });
    await expectAccessible(page);
  });

  for (const colorScheme of ["light", "dark"] as const) {
    it(`passes axe on the visitor's pages in the ${colorScheme} scheme (desktop and phone)`, async () => {
      for (const options of [{}, PHONE] as BrowserContextOptions[]) {
        const page = await session.newPage({ ...options, colorScheme });
        await session.visit(page, "/en/");
        expect((await scheme(page)).theme).toBe(colorScheme);
        await session.visit(page, `/en/courses/${deck.courseId}`);
        await session.visit(page, `/ja${deckPath}`);
        await session.visit(page, `/en${deckPath}/study`);
        await session.visit(page, `/en${deckPath}/test`);
        await session.visit(page, `/ja/home`);
        // A dialog, over the page.
        await page.getByRole("banner").getByRole("button", { name: "検索" }).click();
        await page.getByRole("dialog").waitFor();
        await expectAccessible(page);
      }
    });

    it(`passes axe on the study modes, with their marks, in the ${colorScheme} scheme`, async () => {
      const page = await session.newPage({ colorScheme });
      await session.visit(page, `/en${deckPath}/flashcards`);
      expect((await scheme(page)).theme).toBe(colorScheme);
      await page.keyboard.press("Space");
      await page.keyboard.press("ArrowUp");
      await expectAccessible(page);

      await session.visit(page, `/en${deckPath}/multiple_choice`);
      // Answer every question with its first choice: some right, some wrong, both marks shown.
      const groups = page.getByRole("main").getByRole("group");
      for (const group of await groups.all()) await group.getByRole("radio").first().check();
      await page.getByRole("button", { name: "Submit" }).click();
      await page
        .getByText(/\d+\/4/)
        .first()
        .waitFor();
      await expectAccessible(page);

      await session.visit(page, `/en${deckPath}/matching`);
      await session.visit(page, `/ja${deckPath}/tile_game`);
      await page.getByRole("button", { name: "スタート" }).click();
      await expectAccessible(page);
    });

    it(`passes axe on the user home and draws readable charts in the ${colorScheme} scheme`, async () => {
      const page = await session.newPage({ colorScheme });
      await signedIn(page);
      await expectAccessible(page); // with the "Signed in." toast
      await session.visit(page, "/en/home");
      await session.visit(page, "/en/review");
      // The owner's tools: the deck editor over the deck page.
      await session.visit(page, `/en${deckPath}`);
      await page.getByRole("button", { name: "Edit deck" }).click();
      await page.getByRole("dialog").waitFor();
      await expectAccessible(page);
      await page.keyboard.press("Escape");
      await session.visit(page, "/en/stats");
      const canvases = page.locator("main canvas[role='img']");
      await expect.poll(() => canvases.count()).toBe(5);
      await expect
        .poll(() => canvases.evaluateAll((all) => all.map((c) => (c as HTMLElement).dataset.theme)))
        .toEqual(Array(5).fill(colorScheme));
      // The fluency chart (the last): its labels are drawn in the scheme's text colour, not the other's.
      const other = colorScheme === "dark" ? "light" : "dark";
      await expect.poll(() => drawsIn(canvases.last(), LABELS[colorScheme])).toBe(true);
      expect(await drawsIn(canvases.last(), LABELS[other])).toBe(false);
      await expectAccessible(page);
    });
  }

  it("draws the charts again when the scheme changes", async () => {
    const page = await session.newPage({ colorScheme: "light" });
    await signedIn(page);
    await session.visit(page, "/en/stats");
    const fluency = page.locator("main canvas[role='img']").last();
    await fluency.waitFor();
    await expect.poll(() => drawsIn(fluency, LABELS.light)).toBe(true);
    await chooseTheme(page, "Dark");
    await expect.poll(() => fluency.evaluate((c) => (c as HTMLElement).dataset.theme)).toBe("dark");
    await expect.poll(() => drawsIn(fluency, LABELS.dark)).toBe(true);
    expect(await drawsIn(fluency, LABELS.light)).toBe(false);
    await expectAccessible(page);
  });
});

describe("phone layout", () => {
  it("keeps the Japanese footer to a thin strip at 360 px, with its copyright in Japanese", async () => {
    const page = await session.newPage({ ...PHONE, locale: "ja-JP" });
    await session.visit(page, "/ja/");
    const footer = page.getByRole("contentinfo");
    const { height } = await box(footer);
    expect(height).toBeLessThanOrEqual(80);
    expect(await footer.textContent()).toContain(`© ${new Date().getFullYear()} フラッシュカード`);
    expect(await footer.textContent()).not.toMatch(/Flashcards|All rights reserved/);
    await footer.getByRole("link", { name: "マイページ" }).waitFor();
  });

  for (const language of ["en", "ja"] as const) {
    it(`keeps the landing page's ↑/↓ buttons clear of every headline and card at 360 px (${language})`, async () => {
      const page = await session.newPage({ ...PHONE, locale: language === "ja" ? "ja-JP" : "en-US" });
      await session.visit(page, `/${language}/`);
      await page.locator("main ul li a").first().waitFor(); // the most followed courses are in
      const nav = page.getByRole("navigation", { name: language === "en" ? "Page sections" : "ページのセクション" });
      const buttons = await Promise.all((await nav.getByRole("button").all()).map(box));
      expect(buttons).toHaveLength(2);
      const navLeft = Math.min(...buttons.map((b) => b.x));
      // Every section's headings and cards (sections slide vertically, so their widths are what count).
      const right = await page
        .locator("[data-landing-section] :is(h1, h2, li)")
        .evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().right));
      expect(right.length).toBeGreaterThan(8);
      for (const edge of right) expect(edge).toBeLessThanOrEqual(navLeft);
    });
  }
});

describe("wording", () => {
  it("names the flashcards' keys in Japanese", async () => {
    const page = await session.newPage({ locale: "ja-JP" });
    await session.visit(page, `/ja${deckPath}/flashcards`);
    await page.getByRole("button", { name: "キーボードショートカット" }).click();
    const dialog = page.getByRole("dialog", { name: "キーボードショートカット" });
    await dialog.getByText("カードを裏返す").waitFor();
    expect(await dialog.locator("kbd").allTextContents()).toContain("スペース");
    expect(await dialog.textContent()).not.toContain("Space");
  });
});

describe("toasts", () => {
  for (const [label, options] of [
    ["desktop", {}],
    ["phone", PHONE],
  ] as const) {
    it(`appear below the header's Search and Create Course buttons (${label})`, async () => {
      const page = await session.newPage(options);
      await signedIn(page);
      const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Signed in." });
      await toast.waitFor();
      // Measured once it has slid into place.
      await toast.evaluate((element) =>
        Promise.all(element.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined))),
      );
      const header = page.getByRole("banner");
      const toastBox = await box(toast);
      for (const name of ["Search", "Create Course"]) {
        const button = await box(header.getByRole("button", { name, exact: true }));
        expect(overlaps(toastBox, button), `the toast covers ${name}`).toBe(false);
      }
      expect(toastBox.y).toBeGreaterThanOrEqual((await box(header)).height);
    });
  }
});
