/**
 * "Your memory model" on the Statistics page (decision 0046), against the production bundle and its
 * optimiser's child process (dist/server/optimiser-child.js): a learner whose answers (a made-up
 * log of 450, sent as an offline device sends them) are enough sees their own model fitted in the
 * background, its figures beside the default's, turns it off and on, and asks for a new fit once; a
 * new learner sees how far they are from having one, in Japanese on a phone.
 */
import { syntheticReviewLog } from "@server/test/synthetic-review-log";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { addDeck, type CardFixture, createDeckFixture, type DeckFixture } from "../harness/fixtures";
import { signIn } from "./support/accounts";
import { PHONE, setupBrowser } from "./support/browser";
import { FOUR_CARDS } from "./support/study";

const session = setupBrowser();

/** 450 answers over about two months, a new card a day: 68 cards, in two decks (at most 50 a deck). */
const LOG = syntheticReviewLog({ answers: 450, newPerDay: 1 });
const CARD_COUNT = new Set(LOG.map((answer) => answer.card)).size;
const cardsNumbered = (from: number, count: number): CardFixture[] =>
  Array.from({ length: count }, (_, i) => ({ question: `Word ${from + i}`, answer: `Meaning ${from + i}` }));

let learner: DeckFixture;
let beginner: DeckFixture;

async function cardIds(baseURL: string, cookie: string, deckId: number): Promise<number[]> {
  const res = await fetch(`${baseURL}/api/decks/${deckId}`, { headers: { origin: baseURL, cookie } });
  return ((await res.json()) as { flashcards: { id: number }[] }).flashcards.map((card) => card.id);
}

async function sendAnswers(baseURL: string, cookie: string, reviews: unknown[]) {
  const res = await fetch(`${baseURL}/api/reviews/batch`, {
    method: "POST",
    headers: { origin: baseURL, cookie, "content-type": "application/json" },
    body: JSON.stringify({ reviews }),
  });
  expect(res.status).toBe(200);
}

beforeAll(async () => {
  const baseURL = inject("baseURL");
  learner = await createDeckFixture(baseURL, cardsNumbered(1, 50));
  const second = await addDeck(
    baseURL,
    learner.cookie,
    learner.courseId,
    "More words",
    cardsNumbered(51, CARD_COUNT - 50),
  );
  const ids = [
    ...(await cardIds(baseURL, learner.cookie, learner.deckId)),
    ...(await cardIds(baseURL, learner.cookie, second)),
  ];
  // The log moved by whole days (its days stay days) so that its last answer was 2 to 26 hours ago.
  const DAY = 24 * 60 * 60 * 1000;
  const shift = Math.floor((Date.now() - 2 * 60 * 60 * 1000 - (LOG.at(-1)?.answeredAt.getTime() ?? 0)) / DAY) * DAY;
  await sendAnswers(
    baseURL,
    learner.cookie,
    LOG.map((answer) => ({
      id: crypto.randomUUID(),
      cardId: ids[answer.card],
      mode: "review",
      grade: answer.grade,
      answeredAt: new Date(answer.answeredAt.getTime() + shift).toISOString(),
    })),
  );

  // Three answers to one card within minutes: the first counts, the other two are same-day repeats
  // logged only (decision 0047), so the beginner has 1 of the 400 counted answers.
  beginner = await createDeckFixture(baseURL, FOUR_CARDS);
  const [first] = await cardIds(baseURL, beginner.cookie, beginner.deckId);
  await sendAnswers(
    baseURL,
    beginner.cookie,
    [3, 1, 3].map((grade, i) => ({
      id: crypto.randomUUID(),
      cardId: first,
      mode: "flip",
      grade,
      answeredAt: new Date(Date.now() - (3 - i) * 60_000).toISOString(),
    })),
  );
});

async function signedIn(page: Page, who: DeckFixture, language: "en" | "ja") {
  await page.goto(`/${language}/`);
  await signIn(page, who.email, who.password, language);
  await page.getByRole("button", { name: language === "en" ? /Account menu for/ : /のアカウントメニュー/ }).waitFor();
}

describe("your memory model", () => {
  it("is fitted to a learner's answers, compared with the default, turned off and on, and optimised on request", async () => {
    const page = await session.newPage({ timezoneId: "UTC" });
    // The answers' check for a fit runs after the reply: wait until it has queued one (or done it).
    await expect
      .poll(
        async () => {
          const res = await fetch(`${session.baseURL}/api/stats/memory-model`, {
            headers: { origin: session.baseURL, cookie: learner.cookie },
          });
          return ((await res.json()) as { state: string }).state;
        },
        { timeout: 30_000 },
      )
      .not.toBe("ready");

    await signedIn(page, learner, "en");
    await session.visit(page, "/en/stats");
    const section = page.getByRole("region", { name: "Your memory model" });
    // The answers started a fit in the background; the page follows it until it is done.
    await section.getByText("Your reviews are scheduled with your own model.").waitFor({ timeout: 60_000 });
    const table = section.getByRole("table", {
      name: "How well each model predicts your answers (lower is better)",
    });
    const rows = await table
      .locator("tr")
      .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent?.trim() ?? "")));
    expect(rows[0]).toEqual(["Measure", "Default model", "Your model"]);
    expect(rows[1]?.[0]).toBe("Prediction error (RMSE)");
    expect(rows[1]?.slice(1).every((cell) => /^\d+\.\d%$/.test(cell))).toBe(true);
    expect(rows[2]?.[0]).toBe("Log loss");
    const [defaultLoss, ownLoss] = (rows[2] ?? []).slice(1).map(Number);
    expect(ownLoss).toBeLessThan(defaultLoss ?? 0);
    await section.getByText(/^Fitted on .+ to 450 of your answers\.$/).waitFor();

    const toggle = section.getByRole("switch", { name: "Use my own memory model" });
    expect(await toggle.isChecked()).toBe(true);
    await toggle.click();
    await section.getByText("Your own model is turned off: the default model schedules your reviews.").waitFor();
    expect(await toggle.isChecked()).toBe(false);
    await toggle.click();
    await section.getByText("Your reviews are scheduled with your own model.").waitFor();

    const optimise = section.getByRole("button", { name: "Optimise now" });
    expect(await optimise.isEnabled()).toBe(true);
    await optimise.click();
    await section.getByText(/^You can optimise again at /).waitFor({ timeout: 60_000 });
    await section.getByText("Your reviews are scheduled with your own model.").waitFor({ timeout: 60_000 });
    expect(await section.getByRole("button", { name: /Optimise now|Optimising…/ }).isDisabled()).toBe(true);
  });

  it("shows a new learner how far they are from their own model, in Japanese on a phone", async () => {
    const page = await session.newPage({ ...PHONE, timezoneId: "UTC", locale: "ja-JP" });
    await signedIn(page, beginner, "ja");
    await session.visit(page, "/ja/stats");
    const section = page.getByRole("region", { name: "あなたの記憶モデル" });
    await section
      .getByText("回答が400回集まると、あなた専用のモデルを作ります。それまでは標準のモデルで復習の予定を決めます。")
      .waitFor();
    await section.getByText("400回中1回").waitFor();
    expect(await section.getByRole("progressbar", { name: "あなた専用の記憶モデルまでの回答数" }).count()).toBe(1);
    expect(await section.getByRole("button", { name: "今すぐ最適化" }).isDisabled()).toBe(true);
    await section.getByText("回答が400回集まると使えます。").waitFor();
    expect(await section.getByRole("switch").count()).toBe(0);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
