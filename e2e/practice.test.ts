/**
 * Practice (issue #23 item 4): a course's or a deck's cards, due or not, in a shuffled round that
 * records nothing to the schedule. The learner sees the notice, finishes a round, practises the
 * cards they missed, and the due counts (Home, the review summary, the course's review) read the
 * same afterwards while the answers are on the server (the statistics count them). Offline, a kept
 * course is practised from its kept decks, and its stored review queue keeps every due card.
 */

import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { addDeck, createDeckFixture, type DeckFixture } from "../harness/fixtures";
import { expectAccessible, PHONE, setupBrowser } from "./support/browser";
import { cutConnection, restoreConnection, serviceWorkerReady } from "./support/offline";

const session = setupBrowser();

const NUMBERS = [
  { question: "uno", answer: "one" },
  { question: "dos", answer: "two" },
  { question: "tres", answer: "three" },
  { question: "cuatro", answer: "four" },
];
const COLOURS = [
  { question: "rojo", answer: "red" },
  { question: "azul", answer: "blue" },
  { question: "verde", answer: "green" },
  { question: "negro", answer: "black" },
];

/** The two answers on a phone (whose touch screen shows no key numbers) or at a keyboard. */
const KNEW = /^(2\s*)?わかった$/;
const MISSED = /^(1\s*)?わからなかった$/;

interface Summary {
  dueToday: number;
  newToday: number;
  started: number;
  learned: number;
  nextDueAt: string | null;
}

const summary = async (page: Page, query = ""): Promise<Summary> =>
  (await page.request.get(`/api/reviews/summary${query}`)).json();

/** Answers on the server for the signed-in person (the statistics count every recorded answer). */
async function answersOnServer(page: Page): Promise<number> {
  const stats = (await (await page.request.get("/api/stats")).json()) as { reviewsPerDay: { reviews: number }[] };
  return stats.reviewsPerDay.reduce((sum, day) => sum + day.reviews, 0);
}

/** The deck's cards answered wrongly three days ago, as an offline device would send them later: all due now. */
async function forgottenDaysAgo(page: Page, deckId: number) {
  const deck = (await (await page.request.get(`/api/decks/${deckId}`)).json()) as { flashcards: { id: number }[] };
  const answeredAt = new Date(Date.now() - 3 * 24 * 60 * 60 * 1000).toISOString();
  const reviews = deck.flashcards.map((card) => ({
    id: crypto.randomUUID(),
    cardId: card.id,
    mode: "flip",
    grade: 1,
    answeredAt,
  }));
  const res = await page.request.post("/api/reviews/batch", {
    data: { reviews },
    headers: { origin: session.baseURL },
  });
  expect(res.status()).toBe(200);
}

/** A learner's course of two decks: Numbers forgotten (four cards due), Colours never studied (four new). */
async function learnerCourse(): Promise<DeckFixture & { coloursId: number }> {
  const fixture = await createDeckFixture(inject("baseURL"), NUMBERS);
  const coloursId = await addDeck(inject("baseURL"), fixture.cookie, fixture.courseId, "Colours", COLOURS);
  return { ...fixture, coloursId };
}

/** The question on the card (its first line: the answer shows under it once revealed). */
async function question(page: Page, name: RegExp): Promise<string> {
  return ((await page.getByRole("button", { name }).innerText()).split("\n")[0] ?? "").trim();
}

describe("practice", () => {
  it("practises a course from the keyboard, then only the missed cards, and the due count stays (English, desktop)", {
    timeout: 120_000,
  }, async () => {
    const learner = await learnerCourse();
    const page = await session.signedInPage(learner.cookie);
    await forgottenDaysAgo(page, learner.deckId);
    const before = await summary(page);
    const ofCourse = await summary(page, `?courseId=${learner.courseId}`);
    expect(before).toMatchObject({ dueToday: 4, newToday: 4 });
    const answersBefore = await answersOnServer(page);

    await session.visit(page, "/en/home");
    await page.getByRole("heading", { name: "Due today: 8" }).waitFor();

    await session.visit(page, `/en/courses/${learner.courseId}`);
    await page.getByRole("link", { name: "Practice all cards" }).click();
    await page.getByRole("heading", { level: 1, name: `Practice: ${learner.courseName}` }).waitFor();
    await page.getByRole("note").getByText("Practice: your answers here don't change your review schedule.").waitFor();
    await page.getByText("0 of 8", { exact: true }).waitFor();
    await expectAccessible(page);

    // Every card of both decks once, due or new; no interval is previewed. Space or Enter shows
    // the answer; 1 (missed) or 2 (knew it). Every third card missed.
    const all = [...NUMBERS, ...COLOURS];
    const shown = new Set<string>();
    let missed = 0;
    for (let i = 0; i < 8; i++) {
      await page.getByText(`${i} of 8`, { exact: true }).waitFor();
      const asked = await question(page, /^(uno|dos|tres|cuatro|rojo|azul|verde|negro)/);
      shown.add(asked);
      await page.keyboard.press(i % 2 === 0 ? "Space" : "Enter");
      const answer = all.find((card) => card.question === asked)?.answer ?? "";
      await page.getByRole("button", { name: new RegExp(`^${asked}\\s*${answer}$`) }).waitFor();
      await page.getByRole("button", { name: "2 Knew it" }).waitFor();
      expect(await page.getByText(/\d+ (min|day)/).count()).toBe(0);
      if (i % 3 === 0) missed += 1;
      await page.keyboard.press(i % 3 === 0 ? "1" : "2");
    }
    expect(shown.size).toBe(8);
    const done = page.getByRole("heading", { name: `Round complete: you knew ${8 - missed} of 8 cards.` });
    await done.waitFor();
    // The last card's button is gone: the summary's heading has the focus.
    expect(await done.evaluate((heading) => heading === document.activeElement)).toBe(true);
    await page.getByText("Your review schedule is as it was: practice records nothing to it.").waitFor();
    await page.getByRole("heading", { name: "Cards you missed" }).waitFor();
    await expectAccessible(page);

    // Only the missed ones: a round of three, ended after one answer.
    await page.getByRole("button", { name: `Practice the ${missed} cards I missed` }).click();
    await page.getByText(`0 of ${missed}`, { exact: true }).waitFor();
    await page.getByRole("button", { name: "Show answer" }).click();
    await page.getByRole("button", { name: "2 Knew it" }).click();
    await page.getByText(`1 of ${missed}`, { exact: true }).waitFor();
    await page.getByRole("button", { name: "End round" }).click();
    await page.getByRole("heading", { name: "Round complete: you knew 1 of 1 card." }).waitFor();
    await page.getByText(`${missed - 1} cards were left for another round.`).waitFor();

    // The nine answers reach the server (the statistics count them); the schedule is as it was.
    await expect.poll(() => answersOnServer(page), { timeout: 15_000 }).toBe(answersBefore + 9);
    expect(await summary(page)).toEqual(before);
    expect(await summary(page, `?courseId=${learner.courseId}`)).toEqual(ofCourse);
    await page.getByRole("link", { name: "Back to course" }).last().click();
    await page.getByRole("link", { name: "Review this course (due: 8)" }).waitFor();
    await session.visit(page, "/en/home");
    await page.getByRole("heading", { name: "Due today: 8" }).waitFor();
    await session.visit(page, `/en/review?course=${learner.courseId}`);
    await page.getByText("0 of 8", { exact: true }).waitFor();
  });

  it("practises a deck from its study modes with taps, in Japanese on a phone; the due count stays", async () => {
    const learner = await learnerCourse();
    const page = await session.signedInPage(learner.cookie, PHONE);
    await forgottenDaysAgo(page, learner.deckId);
    const before = await summary(page);
    const ofDeck = await summary(page, `?deckId=${learner.deckId}`);
    const answersBefore = await answersOnServer(page);

    await session.visit(page, "/ja/home");
    await page.getByRole("heading", { name: "今日の復習：8枚" }).waitFor();
    await session.visit(page, `/ja/courses/${learner.courseId}/decks/${learner.deckId}`);
    await page.getByRole("link", { name: "学習する", exact: true }).click();
    await page.getByRole("link", { name: /^練習/ }).click();
    await page.getByRole("heading", { level: 1, name: "練習：Numbers" }).waitFor();
    await page.getByRole("note").getByText("練習モード：ここでの解答は復習の予定を変えません。").waitFor();
    await page.getByText("カードをタップすると答えが表示されます。").waitFor();
    await expectAccessible(page);

    // Four cards, due or not: the first two missed, the others known.
    for (let i = 0; i < 4; i++) {
      await page.getByText(`${i}／4枚`).waitFor();
      const card = page.getByRole("button", { name: /^(uno|dos|tres|cuatro)/ });
      await card.tap();
      await page.getByRole("button", { name: KNEW }).waitFor();
      if (i === 0) await expectAccessible(page);
      await page.getByRole("button", { name: i < 2 ? MISSED : KNEW }).tap();
    }
    await page.getByRole("heading", { name: "ラウンド終了：4枚中2枚わかりました。" }).waitFor();
    await page.getByText("復習の予定はそのままです。練習の解答は予定に記録されません。").waitFor();
    expect(await page.getByRole("listitem").count()).toBeGreaterThanOrEqual(2);

    await page.getByRole("button", { name: "わからなかった2枚だけ練習" }).tap();
    for (let i = 0; i < 2; i++) {
      await page.getByText(`${i}／2枚`).waitFor();
      await page.getByRole("button", { name: "答えを表示" }).tap();
      await page.getByRole("button", { name: KNEW }).tap();
    }
    await page.getByRole("heading", { name: "ラウンド終了：2枚中2枚わかりました。" }).waitFor();
    await expectAccessible(page);

    await expect.poll(() => answersOnServer(page), { timeout: 15_000 }).toBe(answersBefore + 6);
    expect(await summary(page)).toEqual(before);
    expect(await summary(page, `?deckId=${learner.deckId}`)).toEqual(ofDeck);
    await page.getByRole("link", { name: "学習モード一覧" }).last().tap();
    await page.getByRole("heading", { level: 1, name: "学習：Numbers" }).waitFor();
    await session.visit(page, "/ja/home");
    await page.getByRole("heading", { name: "今日の復習：8枚" }).waitFor();
  });

  it("offers a visitor practice of a course", async () => {
    const learner = await learnerCourse();
    const visitor = await session.newPage();
    await session.visit(visitor, `/en/courses/${learner.courseId}`);
    await visitor.getByRole("link", { name: "Practice all cards" }).click();
    await visitor
      .getByRole("note")
      .getByText("Practice: your answers here don't change your review schedule.")
      .waitFor();
    await visitor.getByText("0 of 8", { exact: true }).waitFor();
    await visitor.keyboard.press("Space");
    await visitor.getByRole("button", { name: "2 Knew it" }).click();
    await visitor.getByText("1 of 8", { exact: true }).waitFor();
  });

  it("practises a kept course offline without touching its review queue", { timeout: 120_000 }, async () => {
    const learner = await learnerCourse();

    const page = await session.signedInPage(learner.cookie);
    await forgottenDaysAgo(page, learner.deckId);
    const before = await summary(page);
    const answersBefore = await answersOnServer(page);
    await session.visit(page, `/en/courses/${learner.courseId}`);
    await page.getByRole("switch", { name: "Keep offline" }).check();
    await page.getByRole("main").getByRole("link", { name: "Kept offline" }).waitFor();
    // The course's review queue is kept when read online.
    await session.visit(page, `/en/review?course=${learner.courseId}`);
    await page.getByText("0 of 8", { exact: true }).waitFor();
    await serviceWorkerReady(page);

    await cutConnection(page.context());
    await session.visit(page, `/en/courses/${learner.courseId}/practice`);
    await page.getByRole("heading", { level: 1, name: `Practice: ${learner.courseName}` }).waitFor();
    for (let i = 0; i < 8; i++) {
      await page.getByText(`${i} of 8`, { exact: true }).waitFor();
      await page.keyboard.press("Space");
      await page.getByRole("button", { name: "1 Missed it" }).waitFor();
      await page.keyboard.press("1");
    }
    await page.getByRole("heading", { name: "Round complete: you knew 0 of 8 cards." }).waitFor();
    // Nothing was scheduled: offline, the course's review still holds every card.
    await session.visit(page, `/en/review?course=${learner.courseId}`);
    await page.getByText("0 of 8", { exact: true }).waitFor();

    await restoreConnection(page.context());
    await page.reload();
    await expect.poll(() => answersOnServer(page), { timeout: 30_000 }).toBe(answersBefore + 8);
    expect(await summary(page)).toEqual(before);
  });
});
