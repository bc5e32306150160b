/**
 * Learning memory as a learner meets it: study modes feed it, home says what is due, the review
 * screen grades with keys 1–4, a course page shows progress. Answers given "days ago" are sent
 * through the API with past answer times (the server accepts them, as it would from an offline
 * device), which stands in for the clock moving on.
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createDeckFixture, type DeckFixture } from "../harness/fixtures";
import { signIn } from "./support/accounts";
import { expectAccessible, PHONE, setupBrowser } from "./support/browser";
import { answerOf } from "./support/study";
import { expectNoHeadingUnder, settledBox } from "./support/toasts";

const session = setupBrowser();

const CARDS = [
  { question: "rojo", answer: "red" },
  { question: "azul", answer: "blue" },
  { question: "verde", answer: "green" },
  { question: "negro", answer: "black" },
];

interface Summary {
  dueToday: number;
  newToday: number;
  studied: number;
  learned: number;
}

async function summary(page: Page, query = ""): Promise<Summary> {
  return (await page.request.get(`/api/reviews/summary${query}`)).json();
}

async function cardIds(page: Page, deckId: number): Promise<number[]> {
  const deck = (await (await page.request.get(`/api/decks/${deckId}`)).json()) as { flashcards: { id: number }[] };
  return deck.flashcards.map((card) => card.id);
}

/** Answers to every card of the deck given `daysAgo`, as an offline device would send them later. */
async function answeredDaysAgo(page: Page, deckId: number, daysAgo: number, grade: number) {
  const answeredAt = new Date(Date.now() - daysAgo * 24 * 60 * 60 * 1000).toISOString();
  const reviews = (await cardIds(page, deckId)).map((cardId) => ({
    id: crypto.randomUUID(),
    cardId,
    mode: "flip",
    grade,
    answeredAt,
  }));
  const res = await page.request.post("/api/reviews/batch", {
    data: { reviews },
    headers: { origin: session.baseURL },
  });
  expect(res.status()).toBe(200);
}

describe("learning memory", () => {
  let deck: DeckFixture;
  beforeAll(async () => {
    deck = await createDeckFixture(inject("baseURL"), CARDS);
  });

  it("remembers flip cards and multiple choice, and home says what is due today", async () => {
    const page = await session.newPage();
    await page.goto("/en/");
    await signIn(page, deck.email, deck.password);
    await page.getByRole("button", { name: /Account menu for/ }).waitFor();
    const deckPath = `/en/courses/${deck.courseId}/decks/${deck.deckId}`;

    await session.visit(page, `${deckPath}/flashcards`);
    await page.getByText("(1/4)").waitFor();
    await page.keyboard.press("ArrowUp");
    await page.getByText("Marked as known").waitFor();
    await page.getByText("(2/4)").waitFor();
    await page.keyboard.press("ArrowDown");
    await page.getByText("Marked for review").waitFor();
    // Answers go in batches; the two marks reach the server by themselves.
    await expect.poll(async () => (await summary(page)).studied, { timeout: 10_000 }).toBe(2);

    await session.visit(page, `${deckPath}/multiple_choice`);
    for (const group of await page.getByRole("group").all()) {
      const question = (await group.locator("legend").innerText()).replace(/^\d+\.\s*/, "");
      await group.getByRole("radio", { name: answerOf(CARDS, question), exact: true }).check();
    }
    await page.getByRole("button", { name: "Submit" }).click();
    await expect.poll(async () => (await summary(page)).studied, { timeout: 10_000 }).toBe(4);

    // Cards studied today come back within minutes: home counts them, as the summary does.
    await session.visit(page, "/en/home");
    const due = await summary(page);
    const count = due.dueToday + due.newToday;
    await page.getByRole("heading", { name: `Due today: ${count}` }).waitFor();
    if (count > 0) await page.getByRole("link", { name: "Start review" }).waitFor();

    // The course page shows the learner's place in the course.
    await session.visit(page, `/en/courses/${deck.courseId}`);
    await page.getByText("Decks passed: 0 of 1").waitFor();
    await page.getByRole("link", { name: "Next deck: Numbers" }).waitFor();
    await page.getByRole("link", { name: /^Review this course/ }).waitFor();
    await page.getByRole("main").getByRole("link", { name: "Statistics" }).click();
    await page.waitForURL((url) => url.pathname === "/en/stats" && url.search === `?course=${deck.courseId}`);
  });

  it("reviews the cards that fell due with keys 1 to 4, in Japanese on a phone", async () => {
    const learner = await createDeckFixture(inject("baseURL"), CARDS);
    const page = await session.newPage(PHONE);
    await page.goto("/ja/");
    await signIn(page, learner.email, learner.password, "ja");
    await page.getByRole("button", { name: /のアカウントメニュー/ }).waitFor();
    // Studied three days ago and forgotten: all four are due now.
    await answeredDaysAgo(page, learner.deckId, 3, 1);

    await session.visit(page, "/ja/home");
    await page.getByRole("heading", { name: "今日の復習：4枚" }).waitFor();
    await page.getByRole("link", { name: "復習を始める" }).click();
    await page.getByRole("heading", { level: 1, name: "復習" }).waitFor();
    await page.getByText("0／4枚").waitFor();

    for (const [i, key] of ["1", "2", "3", "4"].entries()) {
      const card = page.getByRole("button", { name: /^(rojo|azul|verde|negro)/ });
      const question = (await card.innerText()).split("\n")[0] ?? "";
      await page.keyboard.press("Space");
      await page.getByRole("button", { name: new RegExp(answerOf(CARDS, question)) }).waitFor();
      // Each grade shows when the card would come back.
      await page.getByRole("button", { name: /もう一度\s*\d+分/ }).waitFor();
      await page.keyboard.press(key);
      if (i < 3) await page.getByText(`${i + 1}／4枚`).waitFor();
    }
    await page.getByRole("heading", { name: "復習が終わりました。復習したカード：4枚" }).waitFor();
    await page.getByText(/^次の復習：/).waitFor();

    // Four review answers reached the server; "Again" brought one card back within minutes.
    await expect
      .poll(async () => {
        const stats = (await (await page.request.get("/api/stats")).json()) as {
          reviewsPerDay: { reviews: number }[];
        };
        return stats.reviewsPerDay.reduce((sum, day) => sum + day.reviews, 0);
      })
      .toBe(8);
    expect((await summary(page)).studied).toBe(4);
  });

  it("shows every due card of a session once, in order, at a learner's pace; the counter keeps the session's total", async () => {
    const countries = [
      ["France", "Paris"],
      ["Germany", "Berlin"],
      ["Italy", "Rome"],
      ["Spain", "Madrid"],
      ["Portugal", "Lisbon"],
      ["Netherlands", "Amsterdam"],
      ["Belgium", "Brussels"],
      ["Austria", "Vienna"],
    ].map(([question, answer]) => ({ question: question ?? "", answer: answer ?? "" }));
    const learner = await createDeckFixture(inject("baseURL"), countries);
    const page = await session.newPage();
    await page.goto("/en/");
    await signIn(page, learner.email, learner.password);
    await page.getByRole("button", { name: /Account menu for/ }).waitFor();
    // Forgotten three days ago: all eight are due now, in the order they were made.
    await answeredDaysAgo(page, learner.deckId, 3, 1);

    await session.visit(page, "/en/home");
    await page.getByRole("heading", { name: "Due today: 8" }).waitFor();
    await page.getByRole("link", { name: "Start review" }).click();
    await page.getByRole("heading", { level: 1, name: "Review" }).waitFor();
    await page.getByText("0 of 8", { exact: true }).waitFor();

    let batchesAnswered = 0;
    page.on("requestfinished", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname === "/api/reviews/batch") batchesAnswered += 1;
    });
    const card = page.getByRole("button", { name: new RegExp(`^(${countries.map((c) => c.question).join("|")})`) });
    for (const [i, { question, answer }] of countries.entries()) {
      expect((await card.innerText()).split("\n")[0]).toBe(question);
      await page.keyboard.press("Space");
      await page.getByRole("button", { name: new RegExp(answer) }).waitFor();
      if (i === 0) await expectAccessible(page);
      await page.keyboard.press(i % 2 === 0 ? "3" : "4");
      if (i === countries.length - 1) break;
      await page.getByText(`${i + 1} of 8`, { exact: true }).waitFor();
      // A learner's pace: the answer reaches the server (sent shortly after), and its reply the
      // page, before the next grade.
      await expect.poll(async () => (await summary(page)).dueToday, { timeout: 10_000 }).toBe(7 - i);
      await expect.poll(() => batchesAnswered).toBe(i + 1);
      await page.getByText(`${i + 1} of 8`, { exact: true }).waitFor();
    }
    await page.getByRole("heading", { name: "Session complete. Cards reviewed: 8" }).waitFor();
    await expectAccessible(page);

    // Nothing of the session is left due on the server.
    await expect.poll(async () => (await summary(page)).dueToday, { timeout: 10_000 }).toBe(0);
    const queue = (await (await page.request.get("/api/reviews/queue")).json()) as { cards: unknown[] };
    expect(queue.cards).toEqual([]);
    // Home agrees; the cards still in their ten-minute learning step come back later today (or tomorrow, near midnight).
    await session.visit(page, "/en/home");
    await page.getByRole("heading", { name: "Due today: 0" }).waitFor();
    await page
      .getByText(/^(Cards you are still learning come back later today, from .+\.|You are done for today\..*)$/)
      .waitFor();
  });

  it("reviews with the buttons in English, and invites a visitor to sign up", async () => {
    const learner = await createDeckFixture(inject("baseURL"), CARDS);
    const page = await session.newPage();
    await page.goto("/en/");
    await signIn(page, learner.email, learner.password);
    await page.getByRole("button", { name: /Account menu for/ }).waitFor();
    await answeredDaysAgo(page, learner.deckId, 10, 3);

    await session.visit(page, `/en/review?course=${learner.courseId}`);
    await page.getByRole("heading", { level: 1, name: "Review this course" }).waitFor();
    await page.getByText("0 of 4").waitFor();
    await page.getByRole("button", { name: "Show answer" }).click();
    await page.getByRole("button", { name: /Good/ }).click();
    await page.getByText("1 of 4").waitFor();
    // The next card has the focus, so its question is read and Space shows its answer.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ""))
      .toMatch(/rojo|azul|verde|negro/);

    // Settings: a bad number is refused at the field; a good one is saved on the server.
    await page.getByRole("button", { name: "Settings" }).click();
    const dialog = page.getByRole("dialog", { name: "Review settings" });
    await dialog.getByLabel("New cards per day").fill("-3");
    await dialog.getByRole("button", { name: "Save settings" }).click();
    await dialog.getByText("Enter a whole number from 0 to 9999.").first().waitFor();
    await dialog.getByLabel("New cards per day").fill("5");
    await dialog.getByLabel(/^Target retention/).fill("85");
    // The time zone is found by a city and shown with its offset.
    await dialog.getByLabel(/^Find a time zone/).fill("tokyo");
    const zone = dialog.getByLabel("Time zone", { exact: true });
    await zone.getByRole("option", { name: "UTC+09:00 · Asia/Tokyo" }).waitFor({ state: "attached" });
    await zone.selectOption("Asia/Tokyo");
    await dialog.getByRole("button", { name: "Save settings" }).click();
    await page.getByText("Review settings saved.").waitFor();
    const saved = (await (await page.request.get("/api/reviews/settings")).json()) as Record<string, unknown>;
    expect(saved).toMatchObject({
      newCardsPerDay: 5,
      desiredRetention: 0.85,
      reviewsPerDay: 200,
      timeZone: "Asia/Tokyo",
    });

    const visitor = await session.newPage();
    await session.visit(visitor, "/en/review");
    await visitor.getByRole("button", { name: "Create a free account" }).click();
    await visitor.getByRole("dialog").waitFor();
  });
  for (const [label, language, options] of [
    ["in Japanese on a phone", "ja", PHONE],
    ["in English at 1280 px, under no heading", "en", { viewport: { width: 1280, height: 800 } }],
  ] as const) {
    it(`tells a learner when a card already has the day's most answers, ${label}`, async () => {
      const learner = await createDeckFixture(inject("baseURL"), CARDS);
      const page = await session.signedInPage(learner.cookie, options);
      // The day's 50 answers to every card, a second apart, sent as an offline device would.
      const ids = await cardIds(page, learner.deckId);
      const reviews = Array.from({ length: 50 }, (_, k) =>
        ids.map((cardId) => ({
          id: crypto.randomUUID(),
          cardId,
          mode: "flip",
          grade: 3,
          answeredAt: new Date(Date.now() - (k + 1) * 1000).toISOString(),
        })),
      ).flat();
      for (let from = 0; from < reviews.length; from += 100) {
        const res = await page.request.post("/api/reviews/batch", {
          data: { reviews: reviews.slice(from, from + 100) },
          headers: { origin: session.baseURL },
        });
        expect(res.status()).toBe(200);
      }

      await session.visit(page, `/${language}/courses/${learner.courseId}/decks/${learner.deckId}/flashcards`);
      await page.getByText("(1/4)").waitFor();
      await page.keyboard.press("ArrowUp");
      const text =
        language === "ja"
          ? "記録されなかった解答があります。1枚のカードで記録される解答は1日50回までです。"
          : "Some answers were not recorded: a card counts at most 50 answers a day.";
      const toast = page.locator("[data-sonner-toast]").filter({ hasText: text });
      await expectNoHeadingUnder(page, await settledBox(toast));
    });
  }
});
