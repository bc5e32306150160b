/**
 * The header's navigation (#23 item 1): from any page, a signed-in person reaches Home, Review,
 * My courses, Followed, Statistics, Import and Kept offline in one click on a wide screen and in
 * two (Menu, then the link) on a phone; the page they are on is marked; Review carries today's
 * count, the same number Home shows; a visitor sees what a visitor can use. Checked with axe on
 * every page and with the menu open.
 */
import type { Locator, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { createDeckFixture } from "../harness/fixtures";
import { expectAccessible, setupBrowser } from "./support/browser";
import { answerOf } from "./support/study";

const session = setupBrowser();

const DESKTOP = { viewport: { width: 1280, height: 800 } };
const PHONE_390 = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

const CARDS = [
  { question: "rojo", answer: "red" },
  { question: "azul", answer: "blue" },
  { question: "verde", answer: "green" },
  { question: "negro", answer: "black" },
];

const texts = {
  en: {
    nav: "Main",
    menu: "Menu",
    due: (count: number) => `Due today: ${count}`,
    badge: (count: number) => `(${count} card${count === 1 ? "" : "s"} due today)`,
    pages: [
      ["Home", "/home", "Home"],
      ["Review", "/review", "Review"],
      ["My courses", "/my_courses", "My courses"],
      ["Followed", "/followed_courses", "Followed courses"],
      ["Statistics", "/stats", "Statistics"],
      ["Import", "/import", "Import cards"],
      ["Kept offline", "/offline", "Kept offline"],
    ],
  },
  ja: {
    nav: "メインメニュー",
    menu: "メニュー",
    due: (count: number) => `今日の復習：${count}枚`,
    badge: (count: number) => `（今日の復習：${count}枚）`,
    pages: [
      ["ホーム", "/home", "ホーム"],
      ["復習", "/review", "復習"],
      ["マイコース", "/my_courses", "マイコース"],
      ["フォロー中", "/followed_courses", "フォロー中のコース"],
      ["統計", "/stats", "学習の統計"],
      ["インポート", "/import", "カードを取り込む"],
      ["オフライン保存", "/offline", "オフライン保存"],
    ],
  },
} as const;
type Language = keyof typeof texts;

/** Every card of the deck answered "Again" three days ago, as an offline device would send it: all due now. */
async function forgottenDaysAgo(page: Page, deckId: number) {
  const deck = (await (await page.request.get(`/api/decks/${deckId}`)).json()) as { flashcards: { id: number }[] };
  const answeredAt = new Date(Date.now() - 3 * 24 * 60 * 60 * 1000).toISOString();
  const res = await page.request.post("/api/reviews/batch", {
    data: {
      reviews: deck.flashcards.map((card) => ({
        id: crypto.randomUUID(),
        cardId: card.id,
        mode: "flip",
        grade: 1,
        answeredAt,
      })),
    },
    headers: { origin: session.baseURL },
  });
  expect(res.status()).toBe(200);
}

/** The number in Home's "Due today: N" heading. */
async function homeCount(page: Page, language: Language): Promise<number> {
  const heading = page.getByRole("heading", {
    level: 2,
    name: language === "en" ? /^Due today: \d+$/ : /^今日の復習：\d+枚$/,
  });
  return Number((await heading.textContent())?.match(/\d+/)?.[0]);
}

const nav = (page: Page, language: Language) => page.getByRole("navigation", { name: texts[language].nav });
const menuButton = (page: Page, language: Language) =>
  page.getByRole("banner").getByRole("button", { name: new RegExp(`^${texts[language].menu}`) });

/** The link to `label` in the navigation: its name is the label, and the due count on Review. */
const navLink = (page: Page, language: Language, label: string) =>
  nav(page, language).getByRole("link", { name: new RegExp(`^${label}(\\s*[(（].*)?$`) });

/** A name made of a label and the due count's words (a space between them, or none). */
const named = (label: string, due: string) => new RegExp(`^${label}\\s*${due.replace(/[()]/g, "\\$&")}$`);

async function expectFocused(locator: Locator) {
  await expect.poll(() => locator.evaluate((element) => element === document.activeElement)).toBe(true);
}

/** Only `current` is marked as the page the person is on. */
async function expectCurrent(
  page: Page,
  language: Language,
  current: string,
  labels: readonly string[] = texts[language].pages.map(([label]) => label),
) {
  for (const label of labels) {
    const mark = await navLink(page, language, label).getAttribute("aria-current");
    expect(mark, `${label} marked`).toBe(label === current ? "page" : null);
  }
}

async function expectNoSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
    0,
  );
}

describe("the header's navigation", () => {
  /** A learner whose four cards are all due now, and a page signed in as them. */
  async function dueLearner(options: Parameters<typeof session.newPage>[0]) {
    const learner = await createDeckFixture(inject("baseURL"), CARDS);
    const page = await session.signedInPage(learner.cookie, options);
    await forgottenDaysAgo(page, learner.deckId);
    return { learner, page };
  }

  it("takes a signed-in person everywhere in one click on a wide screen, with Review's count as Home's (English)", async () => {
    const { learner, page } = await dueLearner(DESKTOP);
    await session.visit(page, "/en/home");
    const count = await homeCount(page, "en");
    expect(count).toBe(4);
    // The badge: the number shown, and said in the link's name.
    const review = navLink(page, "en", "Review");
    await expect.poll(() => review.textContent()).toContain(String(count));
    await nav(page, "en")
      .getByRole("link", { name: named("Review", texts.en.badge(count)) })
      .waitFor();
    // No Menu button on a wide screen: the links are all there.
    expect(await menuButton(page, "en").isVisible()).toBe(false);
    await expectCurrent(page, "en", "Home");

    // From a page that is none of them, then from each to the next, in one click.
    await session.visit(page, `/en/courses/${learner.courseId}`);
    await expectCurrent(page, "en", "");
    for (const [label, path, title] of texts.en.pages) {
      await navLink(page, "en", label).click();
      await page.waitForURL((url) => url.pathname === `/en${path}`);
      await page.getByRole("heading", { level: 1, name: title, exact: true }).waitFor();
      await expectCurrent(page, "en", label);
      await expectAccessible(page);
    }
    await expectNoSideScroll(page);
  });

  it("keeps Review's count and Home's the same after a review (English, wide screen)", async () => {
    const { page } = await dueLearner(DESKTOP);
    await session.visit(page, "/en/review");
    // The review screen counts for itself: no badge on the page the person is on.
    expect(await navLink(page, "en", "Review").textContent()).toBe("Review");
    // The four cards, "Easy": none is due again today.
    for (let i = 0; i < CARDS.length; i++) {
      const card = page.getByRole("button", { name: /^(rojo|azul|verde|negro)/ });
      const question = (await card.innerText()).split("\n")[0] ?? "";
      await page.keyboard.press("Space");
      await page.getByRole("button", { name: new RegExp(answerOf(CARDS, question)) }).waitFor();
      await page.keyboard.press("4");
      if (i < CARDS.length - 1) await page.getByText(`${i + 1} of 4`, { exact: true }).waitFor();
    }
    await page.getByRole("heading", { name: "Session complete. Cards reviewed: 4" }).waitFor();
    await navLink(page, "en", "Home").click();
    await page.getByRole("heading", { level: 2, name: texts.en.due(0) }).waitFor();
    // The answers' sync made the count old; the next page read it again: no badge at 0.
    await expect.poll(() => navLink(page, "en", "Review").textContent()).toBe("Review");
    await nav(page, "en").getByRole("link", { name: "Review", exact: true }).waitFor();
  });

  it("opens the phone's Menu from the keyboard, closes it with Escape, a Tab out or a click elsewhere (Japanese)", async () => {
    const { page } = await dueLearner({ ...PHONE_390, locale: "ja-JP" });
    await session.visit(page, "/ja/home");
    const count = await homeCount(page, "ja");
    expect(count).toBe(4);
    const menu = menuButton(page, "ja");
    // Closed, the links are out of the way (and out of the reading order); the button carries the count.
    expect(await nav(page, "ja").isVisible()).toBe(false);
    await page
      .getByRole("banner")
      .getByRole("button", { name: named(texts.ja.menu, texts.ja.badge(count)) })
      .waitFor();
    expect(await menu.getAttribute("aria-expanded")).toBe("false");
    // Touch targets: every button of the header at least 44 px each way.
    for (const button of await page.getByRole("banner").getByRole("button").all()) {
      const box = await button.boundingBox();
      expect(
        box?.width,
        (await button.getAttribute("aria-label")) ?? (await button.textContent()) ?? "",
      ).toBeGreaterThanOrEqual(44);
      expect(box?.height).toBeGreaterThanOrEqual(44);
    }

    // Enter opens, Tab goes into the list, Escape closes and gives the focus back.
    await menu.focus();
    await page.keyboard.press("Enter");
    expect(await menu.getAttribute("aria-expanded")).toBe("true");
    await nav(page, "ja").waitFor();
    await navLink(page, "ja", "復習").getByText(String(count), { exact: true }).waitFor();
    await nav(page, "ja")
      .getByRole("link", { name: named("復習", texts.ja.badge(count)) })
      .waitFor();
    await expectCurrent(page, "ja", "ホーム");
    for (const link of await nav(page, "ja").getByRole("link").all()) {
      expect((await link.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    }
    await expectAccessible(page);
    await page.keyboard.press("Tab");
    await expectFocused(navLink(page, "ja", "ホーム"));
    await page.keyboard.press("Escape");
    await expect.poll(() => nav(page, "ja").isVisible()).toBe(false);
    expect(await menu.getAttribute("aria-expanded")).toBe("false");
    await expectFocused(menu);
    // Tabbing on past its last link closes it: the focus is not left under it.
    await menu.click();
    await navLink(page, "ja", "オフライン保存").focus();
    await page.keyboard.press("Tab");
    await expect.poll(() => nav(page, "ja").isVisible()).toBe(false);
    // A click elsewhere closes it too.
    await menu.click();
    await nav(page, "ja").waitFor();
    await page.mouse.click(4, 830); // the page's margin, below the open menu
    await expect.poll(() => nav(page, "ja").isVisible()).toBe(false);
  });

  it("takes a signed-in person everywhere in two clicks on a phone (Japanese)", async () => {
    const { learner, page } = await dueLearner({ ...PHONE_390, locale: "ja-JP" });
    const menu = menuButton(page, "ja");
    // From a page that is none of them, then from each to the next: Menu, then the link.
    await session.visit(page, `/ja/courses/${learner.courseId}`);
    for (const [label, path, title] of texts.ja.pages) {
      await menu.click();
      await navLink(page, "ja", label).click();
      await page.waitForURL((url) => url.pathname === `/ja${path}`);
      await page.getByRole("heading", { level: 1, name: title, exact: true }).waitFor();
      // The menu closed with the page change; opened again, it marks where the person is.
      expect(await nav(page, "ja").isVisible()).toBe(false);
      await menu.click();
      await expectCurrent(page, "ja", label);
      await expectNoSideScroll(page);
      await page.keyboard.press("Escape");
      await expect.poll(() => nav(page, "ja").isVisible()).toBe(false);
    }
  });

  it("shows a visitor the start page and the courses kept on this device, on a wide screen and in a phone's menu", async () => {
    // In the dark colour scheme: axe checks the links' contrast there too.
    const page = await session.newPage({ ...DESKTOP, colorScheme: "dark" });
    await session.visit(page, "/en/offline");
    const links = nav(page, "en").getByRole("link");
    await expect.poll(() => links.allTextContents()).toEqual(["Home", "Kept offline"]);
    await expectCurrent(page, "en", "Kept offline", ["Home", "Kept offline"]);
    await navLink(page, "en", "Home").click();
    await page.waitForURL((url) => url.pathname === "/en/");
    await page.getByRole("region", { name: "Most followed courses" }).getByRole("link").first().waitFor();
    expect(await navLink(page, "en", "Home").getAttribute("aria-current")).toBe("page");

    const phone = await session.newPage({ ...PHONE_390, locale: "ja-JP" });
    await session.visit(phone, "/ja/");
    await menuButton(phone, "ja").click();
    await expect.poll(() => nav(phone, "ja").getByRole("link").allTextContents()).toEqual(["ホーム", "オフライン保存"]);
    await expectAccessible(phone);
    await navLink(phone, "ja", "オフライン保存").click();
    await phone.getByRole("heading", { level: 1, name: "オフライン保存" }).waitFor();
    await expectNoSideScroll(phone);
  });
});
