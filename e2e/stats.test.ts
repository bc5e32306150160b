/**
 * The statistics page as a learner meets it: a year of answers (sent through the API with past
 * answer times, as an offline device would send them) drawn as five charts, each with its summary
 * line and its table, in English and Japanese, on a desktop and a phone; the empty page of a new
 * account; the invitation a visitor gets. The learner's days are UTC (the default setting).
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createDeckFixture, type DeckFixture } from "../harness/fixtures";
import { signIn, signUpConfirmed } from "./support/accounts";
import { expectAccessible, PHONE, setupBrowser } from "./support/browser";
import { FOUR_CARDS } from "./support/study";

const session = setupBrowser();

const DAY_MS = 24 * 60 * 60 * 1000;
/** Noon (UTC) `daysAgo` days before today, so no answer falls on a day boundary. */
const noonDaysAgo = (daysAgo: number) => {
  const today = new Date();
  return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), 12) - daysAgo * DAY_MS);
};

/** Days ago → the grades given that day (1 = wrong, 3 = right), one card after another. */
const HISTORY: [number, number[]][] = [
  [300, [3, 1]],
  [40, [3, 3, 1]],
  [10, [3, 3, 3, 3, 3]],
  [2, [3]],
];
/** Today's timed test: response times in ms (median 1.5 s), the last answer wrong. */
const TEST_TIMES = [1000, 1400, 1600, 3000];

const TOTAL = HISTORY.reduce((sum, [, grades]) => sum + grades.length, 0) + TEST_TIMES.length; // 15
const RIGHT = HISTORY.flatMap(([, grades]) => grades).filter((g) => g > 1).length + TEST_TIMES.length - 1; // 12

const busiestDay = (language: string) =>
  new Intl.DateTimeFormat(language, { timeZone: "UTC", month: "short", day: "numeric" }).format(noonDaysAgo(10));

/** The reviews table: per month, newest first (reviews, days with reviews), as the page computes it. */
function monthRows(language: string): string[][] {
  const months = new Map<string, { reviews: number; days: Set<string>; date: Date }>();
  const add = (date: Date, count: number) => {
    const key = date.toISOString().slice(0, 7);
    const entry = months.get(key) ?? { reviews: 0, days: new Set<string>(), date };
    entry.reviews += count;
    entry.days.add(date.toISOString().slice(0, 10));
    months.set(key, entry);
  };
  for (const [daysAgo, grades] of HISTORY) add(noonDaysAgo(daysAgo), grades.length);
  add(new Date(), TEST_TIMES.length);
  const month = new Intl.DateTimeFormat(language, { timeZone: "UTC", year: "numeric", month: "long" });
  return [...months]
    .sort(([a], [b]) => (a < b ? 1 : -1))
    .map(([, { reviews, days, date }]) => [month.format(date), String(reviews), String(days.size)]);
}

let deck: DeckFixture;

beforeAll(async () => {
  const baseURL = inject("baseURL");
  deck = await createDeckFixture(baseURL, FOUR_CARDS);
  const headers = { origin: baseURL, cookie: deck.cookie, "content-type": "application/json" };
  const res = await fetch(`${baseURL}/api/decks/${deck.deckId}`, { headers });
  const cardIds = ((await res.json()) as { flashcards: { id: number }[] }).flashcards.map((card) => card.id);
  const card = (i: number) => cardIds[i % cardIds.length] as number;

  const reviews = [
    ...HISTORY.flatMap(([daysAgo, grades]) =>
      grades.map((grade, i) => ({
        id: crypto.randomUUID(),
        cardId: card(i),
        mode: "flip",
        grade,
        answeredAt: new Date(noonDaysAgo(daysAgo).getTime() + i * 60_000).toISOString(),
      })),
    ),
    ...TEST_TIMES.map((responseMs, i) => ({
      id: crypto.randomUUID(),
      cardId: card(i),
      mode: "test",
      grade: i === TEST_TIMES.length - 1 ? 1 : 3,
      responseMs,
      answeredAt: new Date(Date.now() - (TEST_TIMES.length - i) * 1000).toISOString(),
    })),
  ];
  const batch = await fetch(`${baseURL}/api/reviews/batch`, {
    method: "POST",
    headers,
    body: JSON.stringify({ reviews }),
  });
  expect(batch.status).toBe(200);
});

async function signedIn(page: Page, language: "en" | "ja") {
  await page.goto(`/${language}/`);
  await signIn(page, deck.email, deck.password, language);
  await page.getByRole("button", { name: language === "en" ? /Account menu for/ : /のアカウントメニュー/ }).waitFor();
}

/** Every chart's canvas has something drawn on it. */
async function expectChartsDrawn(page: Page, count: number) {
  const canvases = page.locator("main canvas[role='img']");
  await expect.poll(() => canvases.count()).toBe(count);
  const drawn = await canvases.evaluateAll((elements) =>
    elements.map((element) => {
      const canvas = element as HTMLCanvasElement;
      if (canvas.width === 0 || canvas.height === 0) return false;
      const pixels = canvas.getContext("2d")?.getImageData(0, 0, canvas.width, canvas.height).data ?? [];
      for (let i = 3; i < pixels.length; i += 4) if ((pixels[i] ?? 0) > 0) return true;
      return false;
    }),
  );
  expect(drawn).toEqual(Array(count).fill(true));
}

/**
 * The calendar's weekday labels (Monday, Wednesday, Friday, Sunday) stay in view beside its scrolling
 * box, whatever it is scrolled to (decision 0035), each level with its row of the canvas.
 */
async function expectWeekdaysBeside(page: Page, calendarName: string, labels: string[]) {
  const calendar = page.getByRole("region", { name: calendarName });
  const box = await calendar.boundingBox();
  const canvas = await calendar.locator("canvas").boundingBox();
  if (!box || !canvas) throw new Error("the calendar is not shown");
  const viewport = page.viewportSize()?.width ?? 0;
  // The canvas's rows start under its month labels (24 px) and share the rest of its height.
  const row = (canvas.height - 24) / 7;
  for (const [i, label] of labels.entries()) {
    const weekday = await calendar.locator("xpath=..").getByText(label, { exact: true }).boundingBox();
    if (!weekday) throw new Error(`no weekday label ${label}`);
    expect(weekday.x).toBeGreaterThanOrEqual(0);
    expect(weekday.x + weekday.width).toBeLessThanOrEqual(Math.min(box.x, viewport));
    const rowMiddle = canvas.y + 24 + row * (i * 2 + 0.5);
    expect(Math.abs(weekday.y + weekday.height / 2 - rowMiddle)).toBeLessThan(3);
  }
}

/** The table a section's toggle shows, as rows of cell texts (header row first). */
async function openTable(page: Page, section: string, toggle: string): Promise<string[][]> {
  const region = page.getByRole("region", { name: section, exact: true });
  const button = region.getByRole("button", { name: toggle });
  expect(await button.getAttribute("aria-expanded")).toBe("false");
  await button.click();
  expect(await region.getByRole("button", { name: toggle }).count()).toBe(0);
  expect(await region.getByRole("button").last().getAttribute("aria-expanded")).toBe("true");
  const table = region.getByRole("table", { name: section });
  await table.waitFor();
  return table
    .locator("tr")
    .evaluateAll((rows) => rows.map((row) => [...row.children].map((cell) => cell.textContent?.trim() ?? "")));
}

describe("statistics", () => {
  it("draws five charts with their summaries, and tables with the figures (English, desktop)", async () => {
    const page = await session.newPage({ timezoneId: "UTC" });
    await signedIn(page, "en");
    await session.visit(page, "/en/stats");
    await page.getByRole("heading", { level: 1, name: "Statistics" }).waitFor();
    await expectChartsDrawn(page, 5);

    const main = page.getByRole("main");
    await main
      .getByText(`Reviews in the last year: ${TOTAL} · Days with reviews: 5 · Busiest day: ${busiestDay("en")} (5)`)
      .waitFor();
    await main.getByText(`Answered right: 80% (${RIGHT} of ${TOTAL})`, { exact: false }).waitFor();
    await main.getByText(/^Cards: 4 · New: 0 · /).waitFor();
    await main.getByText(/^Due in the next 30 days: \d+ · Busiest day: /).waitFor();
    await main.getByText("Median answer time in tests: 1.5 sec (Numbers)").waitFor();
    // The canvas reads as an image with the summary.
    await page.getByRole("img", { name: /^Reviews in the last year: 15/ }).waitFor();

    const reviews = await openTable(page, "Reviews per day over the last year", "Show as table");
    expect(reviews).toEqual([["Month", "Reviews", "Days with reviews"], ...monthRows("en")]);
    const fluency = await openTable(page, "Fluency: median answer time in tests", "Show as table");
    expect(fluency).toEqual([
      ["Deck", "Median time", "Answers"],
      ["Numbers", "1.5 sec", "4"],
    ]);
    const states = await openTable(page, "Cards by state", "Show as table");
    expect(states.map((row) => row[0])).toEqual(["State", "New", "Learning", "Young", "Mature"]);
    expect(states.slice(1).reduce((sum, row) => sum + Number(row[1]), 0)).toBe(4);
    await expectAccessible(page);

    await page.getByRole("button", { name: "Hide table" }).first().click();
    expect(await page.getByRole("table").count()).toBe(2);
  });

  it("reads in Japanese on a phone, the calendar scrolling inside its box", async () => {
    const page = await session.newPage({ ...PHONE, timezoneId: "UTC", locale: "ja-JP" });
    await signedIn(page, "ja");
    await session.visit(page, `/ja/stats?course=${deck.courseId}`);
    await page.getByRole("heading", { level: 1, name: `学習の統計：${deck.courseName}` }).waitFor();
    await expectChartsDrawn(page, 5);
    const main = page.getByRole("main");
    await main
      .getByText(`過去1年の回答：${TOTAL}回、学習した日：5日、最も多い日：${busiestDay("ja")}（5回）`)
      .waitFor();
    await main.getByText(`正答率：80%（${TOTAL}回中${RIGHT}回）`, { exact: false }).waitFor();
    await main.getByText("テストで答えるまでの時間（中央値）：1.5 秒（Numbers）").waitFor();

    // The page itself does not scroll sideways; the calendar does, and opens on the latest weeks.
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
    }));
    expect(widths.page).toBeLessThanOrEqual(widths.viewport);
    const calendar = page.getByRole("region", { name: "毎日の回答数のカレンダー" });
    const scroll = await calendar.evaluate((box) => ({
      width: box.scrollWidth,
      client: box.clientWidth,
      left: box.scrollLeft,
    }));
    expect(scroll.width).toBeGreaterThan(scroll.client);
    expect(scroll.left + scroll.client).toBeGreaterThanOrEqual(scroll.width - 1);
    await expectWeekdaysBeside(page, "毎日の回答数のカレンダー", ["月", "水", "金", "日"]);

    const table = await openTable(page, "回答の速さ（テストでの時間の中央値）", "表で見る");
    expect(table).toEqual([
      ["デッキ", "時間（中央値）", "回答数"],
      ["Numbers", "1.5 秒", "4"],
    ]);
    const reviews = await openTable(page, "毎日の回答数（過去1年）", "表で見る");
    expect(reviews.slice(1)).toEqual(monthRows("ja"));
    await expectAccessible(page);
  });

  it("shows English on a phone and Japanese on a desktop for the whole account", async () => {
    const phone = await session.newPage({ ...PHONE, timezoneId: "UTC" });
    await signedIn(phone, "en");
    await session.visit(phone, "/en/stats");
    await expectChartsDrawn(phone, 5);
    await phone.getByText(`Reviews in the last year: ${TOTAL} ·`, { exact: false }).waitFor();
    await expectWeekdaysBeside(phone, "Calendar of reviews per day", ["Mon", "Wed", "Fri", "Sun"]);

    const desktop = await session.newPage({ timezoneId: "UTC", locale: "ja-JP" });
    await signedIn(desktop, "ja");
    await session.visit(desktop, "/ja/stats");
    await desktop.getByRole("heading", { level: 1, name: "学習の統計" }).waitFor();
    await expectChartsDrawn(desktop, 5);
    await desktop.getByText(/^カード：4枚（新規：0枚、/).waitFor();
  });

  it("tells a new account what will show, offers a retry when loading fails, and invites a visitor to sign up", async () => {
    const visitor = await session.newPage();
    await session.visit(visitor, "/en/stats");
    await visitor.getByText(/Create a free account to see your learning in figures/).waitFor();
    await visitor.getByRole("main").getByRole("button", { name: "Create a free account" }).click();
    await visitor.getByRole("dialog").waitFor();

    const page = await session.newPage();
    await signUpConfirmed(page, "en", "stats");
    // A failed load says so, and "Try again" asks again.
    await page.route("**/api/stats**", (route) => route.fulfill({ status: 500, body: "down" }));
    await session.visit(page, "/en/stats");
    const main = page.getByRole("main");
    await main.getByRole("alert").getByText("Your statistics could not be loaded.").waitFor({ timeout: 15_000 });
    await page.unroute("**/api/stats**");
    await main.getByRole("button", { name: "Try again" }).click();
    await main.getByText(/^No answers yet\. Every answer you give/).waitFor();
    await main.getByText("No cards are due in the next 30 days.").waitFor();
    await main.getByText("No answers yet to measure how much you remember.").waitFor();
    await main.getByText("No cards yet. Follow a course or study a deck to start.").waitFor();
    await main.getByText(/^No timed tests yet\./).waitFor();
    expect(await main.locator("canvas").count()).toBe(0);
    expect(await main.getByRole("button", { name: "Show as table" }).count()).toBe(0);
  });

  it("says in Japanese when the server does not know the learner's time zone, and counts in UTC", async () => {
    // An account made through the API (not about signing up: the browser's sign-ups stay under the
    // per-address limit); the page's language is the address's.
    const page = await session.signedInPage((await createDeckFixture(session.baseURL, FOUR_CARDS)).cookie);
    // A zone stored before the server checked zones against PostgreSQL (the API tests store one in
    // the database and check this reply): the page must say why its days are UTC.
    await page.route("**/api/stats**", async (route) => {
      const response = await route.fetch();
      const json = { ...(await response.json()), timeZone: "UTC", unknownTimeZone: "US/Pacific-New" };
      await route.fulfill({ response, json });
    });
    await session.visit(page, "/ja/stats");
    const note = page.getByRole("main").getByRole("note");
    await note.getByText(/US\/Pacific-New/).waitFor();
    expect(await note.textContent()).toBe(
      "設定されたタイムゾーン（US/Pacific-New）はサーバーで使えないため、日付は UTC で数えています。復習の設定で、お住まいの地域の別のタイムゾーンを選んでください。",
    );
  });
});
