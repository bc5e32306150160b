/**
 * Card text (issue #24 items 3–5, decision 0052): readings in Anki's syntax shown as ruby, always,
 * on hover or tap, or never, as the learner chooses in "Card display"; each side marked with its
 * course's language; a Listen button only where the browser has a voice for that language (headless
 * Chromium has none: a stubbed voice list stands in for a device that has a Japanese one).
 */

import type { BrowserContextOptions, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { createDeckFixture, type DeckFixture } from "../harness/fixtures";
import { expectAccessible, setupBrowser } from "./support/browser";

const session = setupBrowser();
const PHONE_390: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

const CARDS = [
  { question: "日本[にほん] 語[ご]", answer: "Japanese" },
  { question: "猫[ねこ]", answer: "cat" },
  { question: "食[た]べ 物[もの]", answer: "food" },
  { question: "犬[いぬ]", answer: "dog" },
];

/** A course whose questions are Japanese with readings and whose answers are English. */
async function japaneseDeck(): Promise<DeckFixture> {
  const fixture = await createDeckFixture(inject("baseURL"), CARDS);
  const res = await fetch(`${inject("baseURL")}/api/courses/${fixture.courseId}`, {
    method: "PUT",
    headers: { origin: inject("baseURL"), cookie: fixture.cookie, "content-type": "application/json" },
    body: JSON.stringify({ name: fixture.courseName, questionLanguage: "ja", answerLanguage: "en" }),
  });
  expect(res.status).toBe(200);
  return fixture;
}

/** A device with one Japanese voice: what is spoken is recorded instead of played. */
async function withJapaneseVoice(page: Page) {
  await page.addInitScript(() => {
    const spoken: { text: string; lang: string }[] = [];
    Object.assign(window, { spoken });
    const voice = { lang: "ja-JP", name: "Test Japanese", default: true, localService: true, voiceURI: "test-ja" };
    // A plain utterance: the real one accepts only the browser's own voice objects.
    class Utterance {
      voice: unknown = null;
      lang = "";
      constructor(public text: string) {}
    }
    Object.assign(window, { SpeechSynthesisUtterance: Utterance });
    const synthesis = window.speechSynthesis;
    Object.defineProperty(synthesis, "getVoices", { value: () => [voice] });
    Object.defineProperty(synthesis, "speak", {
      value: (utterance: Utterance) => spoken.push({ text: utterance.text, lang: utterance.lang }),
    });
    Object.defineProperty(synthesis, "cancel", { value: () => {} });
  });
}

const spoken = (page: Page) =>
  page.evaluate(() => (window as unknown as { spoken: { text: string; lang: string }[] }).spoken);

/** The opacity of the first reading on the page (hover mode keeps readings in place, transparent). */
const readingOpacity = (page: Page) =>
  page
    .locator("rt")
    .first()
    .evaluate((rt) => Number(getComputedStyle(rt).opacity));

async function chooseReadings(page: Page, open: string, label: RegExp, close: string) {
  await page.getByRole("button", { name: open, exact: true }).click();
  const dialog = page.getByRole("dialog");
  await dialog.waitFor();
  await expectAccessible(page);
  await dialog.getByRole("radio", { name: label }).check();
  await dialog.getByRole("button", { name: close, exact: true }).click();
  await dialog.waitFor({ state: "detached" });
}

describe("card text", () => {
  it("shows readings always, on hover, or never, marks each side's language, and has no Listen button without a voice (English, desktop)", {
    timeout: 90_000,
  }, async () => {
    const deck = await japaneseDeck();
    const page = await session.newPage();
    await session.visit(page, `/en/courses/${deck.courseId}/decks/${deck.deckId}`);

    // Always (the default): each reading over its base, the sides in their languages.
    const question = page.locator('[data-side="question"] [lang="ja"]').first();
    await question.waitFor();
    expect(await question.innerHTML()).toContain("<ruby>日本<rp>(</rp><rt>にほん</rt><rp>)</rp></ruby>");
    expect(await page.locator('[data-side="answer"] [lang="en"]').first().innerText()).toBe("Japanese");
    expect(await page.locator('[lang="ja"]').count()).toBe(4);
    expect(await readingOpacity(page)).toBe(1);
    // Headless Chromium has no voices: no Listen button, and Card display says why.
    expect(await page.getByRole("button", { name: /^Listen to the/ }).count()).toBe(0);
    await page.getByRole("button", { name: "Card display", exact: true }).click();
    await page
      .getByRole("dialog")
      .getByText(/^Japanese: this device has no voice for it/)
      .waitFor();
    await page.getByRole("dialog").getByRole("button", { name: "Done" }).click();

    // On hover: transparent (still read by screen readers) until hovered or focused.
    await chooseReadings(page, "Card display", /on hover or tap/, "Done");
    await expect.poll(() => readingOpacity(page)).toBe(0);
    await page.locator("ruby").first().hover();
    await expect.poll(() => readingOpacity(page)).toBe(1);
    await page.mouse.move(0, 0);
    await expect.poll(() => readingOpacity(page)).toBe(0);
    // Keyboard: the text is a stop of its own, and focusing it shows its readings.
    await question.focus();
    await expect.poll(() => readingOpacity(page)).toBe(1);
    await expectAccessible(page);

    // Never: the base text alone, for everyone; kept on this device across visits.
    await chooseReadings(page, "Card display", /^Never/, "Done");
    expect(await page.locator("ruby").count()).toBe(0);
    expect(await question.innerText()).toBe("日本語");
    await page.reload();
    await question.waitFor();
    expect(await page.locator("ruby").count()).toBe(0);
    await expectAccessible(page);
  });

  it("reads a side aloud in its language where the device has a voice, and reads questions aloud in review (Japanese, phone)", {
    timeout: 120_000,
  }, async () => {
    const deck = await japaneseDeck();
    const page = await session.signedInPage(deck.cookie, PHONE_390);
    await withJapaneseVoice(page);
    await session.visit(page, `/ja/courses/${deck.courseId}/decks/${deck.deckId}`);

    // A Japanese voice: each question has a Listen button, speaking its readings; the English
    // answers have none (no English voice here).
    const listen = page.getByRole("button", { name: "問題を聞く" });
    await listen.first().waitFor();
    expect(await listen.count()).toBe(4);
    expect(await page.getByRole("button", { name: "答えを聞く" }).count()).toBe(0);
    await listen.first().tap();
    expect(await spoken(page)).toEqual([{ text: "にほんご", lang: "ja" }]);

    // Card display names the voice, and says why English has no button.
    await page.getByRole("button", { name: "カードの表示", exact: true }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("日本語：「Test Japanese」の音声で読み上げます。").waitFor();
    await dialog.getByText(/^英語：この端末にはこの言語の音声がない/).waitFor();
    // On hover or tap, and read each question aloud.
    await dialog.getByRole("radio", { name: /タップしたときに読みを表示する/ }).check();
    await dialog.getByRole("checkbox", { name: "復習と練習で問題を自動で読み上げる" }).check();
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "完了" }).click();
    await dialog.waitFor({ state: "detached" });

    // A tap shows a text's readings (a phone has no hover).
    await expect.poll(() => readingOpacity(page)).toBe(0);
    await page.locator('[data-side="question"] [lang="ja"]').first().tap();
    await expect.poll(() => readingOpacity(page)).toBe(1);

    // Review: the question is read as it appears; its first tap shows readings, not the answer.
    await session.visit(page, `/ja/review?course=${deck.courseId}`);
    const card = page.locator('button[data-side="question"]');
    await card.waitFor();
    await expect.poll(async () => (await spoken(page)).length).toBe(1);
    const [said] = await spoken(page);
    expect(["にほんご", "ねこ", "たべもの", "いぬ"]).toContain(said?.text);
    expect(said?.lang).toBe("ja");
    expect(await card.locator('[lang="ja"]').count()).toBe(1);
    await card.locator('[lang="ja"]').tap();
    await expect.poll(() => readingOpacity(page)).toBe(1);
    expect(await page.locator('button[data-side="answer"]').count()).toBe(0);
    // The next tap shows the answer, in English.
    await card.tap();
    await page.locator('button[data-side="answer"] [lang="en"]').waitFor();
    await page.getByRole("button", { name: "問題を聞く" }).waitFor();
    await expectAccessible(page);

    // Matching: a Listen button beside each question (not inside its pairing button), none for
    // the English answers; listening pairs nothing.
    await session.visit(page, `/ja/courses/${deck.courseId}/decks/${deck.deckId}/matching`);
    const matchListen = page.getByRole("button", { name: "問題を聞く" });
    await matchListen.first().waitFor();
    expect(await matchListen.count()).toBe(4);
    expect(await page.getByRole("button", { name: "答えを聞く" }).count()).toBe(0);
    expect(await page.locator("button button").count()).toBe(0);
    const before = (await spoken(page)).length;
    await matchListen.first().tap();
    await expect.poll(async () => (await spoken(page)).length).toBe(before + 1);
    expect(await page.locator('button[aria-pressed="true"]').count()).toBe(0);
    await expectAccessible(page);
  });
});
