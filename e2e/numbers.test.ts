/**
 * Issue #23 item 2 (decision 0048): one learner's figures read off every page that shows them
 * (Home, Review, Statistics, the course page, the deck page) agree with each other and with the
 * server's one definition, in both languages.
 */
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { createDeckFixture } from "../harness/fixtures";
import { signIn } from "./support/accounts";
import { expectAccessible, PHONE, setupBrowser } from "./support/browser";

const session = setupBrowser();

const CARDS = ["one", "two", "three", "four", "five", "six"].map((word, i) => ({
  question: word,
  answer: String(i + 1),
}));

interface Counts {
  new: number;
  learning: number;
  learned: number;
  studied: number;
  dueNow: number;
  dueToday: number;
  newToday: number;
}

/** Two cards forgotten three days ago (due now), two answered right in a test a minute ago, two new. */
async function learnerState(page: Page, deckId: number) {
  const deck = (await (await page.request.get(`/api/decks/${deckId}`)).json()) as { flashcards: { id: number }[] };
  const ids = deck.flashcards.map((card) => card.id);
  const at = (ms: number) => new Date(Date.now() - ms).toISOString();
  const reviews = [
    ...ids.slice(0, 2).map((cardId) => ({ cardId, mode: "flip", grade: 1, answeredAt: at(3 * 24 * 60 * 60 * 1000) })),
    ...ids.slice(2, 4).map((cardId) => ({ cardId, mode: "test", grade: 3, answeredAt: at(60 * 1000) })),
  ].map((review) => ({ ...review, id: crypto.randomUUID() }));
  const res = await page.request.post("/api/reviews/batch", {
    data: { reviews },
    headers: { origin: session.baseURL },
  });
  expect(res.status()).toBe(200);
}

const TEXTS = {
  en: {
    account: /Account menu for/,
    home: (n: number) => `Due today: ${n}`,
    review: (n: number) => `0 of ${n}`,
    course: (c: Counts) => `Cards studied: ${c.studied} of ${c.studied + c.new} · Learned: ${c.learned}`,
    courseReview: (n: number) => `Review this course (due: ${n})`,
    deck: (c: Counts) =>
      `Cards studied: ${c.studied} of ${c.studied + c.new} · Learned: ${c.learned} · Due today: ${c.dueToday + c.newToday}`,
    figures: ["Due today", "Due now", "New", "Learning", "Learned"],
  },
  ja: {
    account: /のアカウントメニュー/,
    home: (n: number) => `今日の復習：${n}枚`,
    review: (n: number) => `0／${n}枚`,
    course: (c: Counts) => `学習したカード：${c.studied + c.new}枚中${c.studied}枚（覚えたカード：${c.learned}枚）`,
    courseReview: (n: number) => `このコースを復習（${n}枚）`,
    deck: (c: Counts) =>
      `学習したカード：${c.studied + c.new}枚中${c.studied}枚、覚えたカード：${c.learned}枚、今日の復習：${c.dueToday + c.newToday}枚`,
    figures: ["今日の復習", "今すぐ復習", "新規", "学習中", "覚えた"],
  },
} as const;

describe("one learner's figures", () => {
  for (const [language, options] of [
    ["ja", PHONE],
    ["en", {}],
  ] as const) {
    it(`agree on Home, Review, Statistics, the course page and the deck page (${language})`, async () => {
      const text = TEXTS[language];
      const fixture = await createDeckFixture(inject("baseURL"), CARDS);
      const page = await session.newPage(options);
      await page.goto(`/${language}/`);
      await signIn(page, fixture.email, fixture.password, language);
      await page.getByRole("button", { name: text.account }).waitFor();
      await learnerState(page, fixture.deckId);
      const counts = (await (await page.request.get("/api/reviews/summary")).json()) as Counts;
      // Forgotten cards relearn and tested ones are in their steps: four learning, two due now, two new.
      expect(counts).toMatchObject({ new: 2, learning: 4, learned: 0, studied: 4, dueToday: 2, newToday: 2 });
      const dueToday = counts.dueToday + counts.newToday;

      await session.visit(page, `/${language}/home`);
      await page.getByRole("heading", { name: text.home(dueToday) }).waitFor();

      await session.visit(page, `/${language}/review`);
      await page.getByText(text.review(dueToday), { exact: true }).waitFor();

      await session.visit(page, `/${language}/stats`);
      const figures = page.locator("[data-figure]");
      await figures.first().waitFor();
      const read = await figures.evaluateAll((nodes) =>
        nodes.map((node) => [node.querySelector("dt")?.textContent, node.querySelector("dd")?.textContent]),
      );
      expect(read).toEqual([
        [text.figures[0], String(dueToday)],
        [text.figures[1], String(counts.dueNow)],
        [text.figures[2], String(counts.new)],
        [text.figures[3], String(counts.learning)],
        [text.figures[4], String(counts.learned)],
      ]);
      await expectAccessible(page);

      await session.visit(page, `/${language}/courses/${fixture.courseId}`);
      await page.getByText(text.course(counts), { exact: true }).waitFor();
      await page.getByRole("link", { name: text.courseReview(dueToday) }).waitFor();

      await session.visit(page, `/${language}/courses/${fixture.courseId}/decks/${fixture.deckId}`);
      await page.getByText(text.deck(counts), { exact: true }).waitFor();
      await expectAccessible(page);
    });
  }
});
