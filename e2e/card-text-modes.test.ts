/**
 * Card text in every study mode (issue #24 items 3–5, decision 0052): flip cards, multiple choice,
 * matching, tiles, the test and Write show readings as ruby where the text is an element, the base
 * text where a control or a sentence cannot hold ruby, each side marked with its course's language;
 * the test and Write keep the asked side's readings hidden when the learner chose "never"; Write
 * turns romaji into kana only for Japanese answers ("ja", not romaji "ja-Latn").
 */

import type { BrowserContextOptions, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { createDeckFixture, type DeckFixture } from "../harness/fixtures";
import { expectAccessible, setupBrowser } from "./support/browser";

const session = setupBrowser();
const PHONE_390: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

// Long enough a flash for the test's question to be read while it shows.
const CARDS = [
  { question: "日本[にほん] 語[ご]", answer: "にほんご", duration: 3 },
  { question: "猫[ねこ]", answer: "ねこ", duration: 3 },
  { question: "犬[いぬ]", answer: "いぬ", duration: 3 },
  { question: "食[た]べ 物[もの]", answer: "たべもの", duration: 3 },
  { question: "水[みず]", answer: "お 水[みず]", duration: 3 },
];
/** Base text: what a control or a sentence shows. */
const base = (text: string) => text.replace(/\s*\[[^\]]*\]/g, "").replaceAll(" ", "");
/** A rendered text's content without its readings (`<rp>` gives "日本(にほん)"). */
const unruby = (text: string) =>
  text
    .replace(/\([^)]*\)/g, "")
    .replace(/^\d\s*/, "")
    .trim();

const TEXTS = {
  en: {
    display: "Card display",
    never: /^Never/,
    done: "Done",
    begin: "Begin test",
    start: "Start",
    choose: "Which is the answer?",
    tryAgain: "Try again",
    check: "Check",
    kana: "Turn romaji into kana as I type",
    questionFor: "Question number for “お水”",
    selected: "Selected: “日本語”",
  },
  ja: {
    display: "カードの表示",
    never: /^読みを表示しない/,
    done: "完了",
    begin: "テストを始める",
    start: "スタート",
    choose: "答えはどれですか？",
    tryAgain: "もう一度挑戦",
    check: "答え合わせ",
    kana: "入力したローマ字をかなにする",
    questionFor: "「お水」の問題番号",
    selected: "選択中：「日本語」",
  },
};

async function furiganaDeck(questionLanguage: string, answerLanguage: string): Promise<DeckFixture> {
  const fixture = await createDeckFixture(inject("baseURL"), CARDS);
  await setLanguages(fixture, questionLanguage, answerLanguage);
  return fixture;
}

async function setLanguages(fixture: DeckFixture, questionLanguage: string, answerLanguage: string) {
  const res = await fetch(`${inject("baseURL")}/api/courses/${fixture.courseId}`, {
    method: "PUT",
    headers: { origin: inject("baseURL"), cookie: fixture.cookie, "content-type": "application/json" },
    body: JSON.stringify({ name: fixture.courseName, questionLanguage, answerLanguage }),
  });
  expect(res.status).toBe(200);
}

const pathOf = (fixture: DeckFixture, language: "en" | "ja", mode: string) =>
  `/${language}/courses/${fixture.courseId}/decks/${fixture.deckId}/${mode}`;

/** Chooses "never" in Card display, opened from under the mode (the study frame's button). */
async function readingsNever(page: Page, texts: (typeof TEXTS)["en"]) {
  await page.getByRole("button", { name: texts.display, exact: true }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("radio", { name: texts.never }).check();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: texts.done, exact: true }).click();
  await dialog.waitFor({ state: "detached" });
}

async function walkModes(page: Page, deck: DeckFixture, language: "en" | "ja", answerLang: string) {
  const texts = TEXTS[language];
  const main = page.getByRole("main");

  // Flip cards: the card is a button, its text ruby (no focus stop of its own), in its language.
  await session.visit(page, pathOf(deck, language, "flashcards"));
  const flip = main.locator('button[data-side="question"]');
  await flip.waitFor();
  expect(await flip.locator('[lang="ja"]').innerHTML()).toContain("<rt>にほん</rt>");
  expect(await flip.locator("[tabindex]").count()).toBe(0);
  await flip.click();
  await main.locator(`button[data-side="answer"] [lang="${answerLang}"]`).waitFor();
  await page.getByRole("button", { name: texts.display, exact: true }).waitFor();
  await expectAccessible(page);

  // Multiple choice: the question (a legend) and its options (labels) as ruby, each in its language.
  await session.visit(page, pathOf(deck, language, "multiple_choice"));
  await main.locator("legend ruby rt").first().waitFor();
  expect(await main.locator('legend [lang="ja"]').count()).toBe(CARDS.length);
  expect(await main.locator(`label [lang="${answerLang}"]`).count()).toBe(CARDS.length * 4);
  expect(await main.locator(`label [lang="${answerLang}"] ruby`).count()).toBeGreaterThan(0);
  await expectAccessible(page);

  // Matching: ruby in the questions and answers; a drop-down's label is a sentence, in base text.
  await session.visit(page, pathOf(deck, language, "matching"));
  await main.locator("li button ruby").first().waitFor();
  expect(await main.locator('ol li button [lang="ja"] ruby').count()).toBeGreaterThanOrEqual(CARDS.length);
  expect(await main.locator(`ul li button [lang="${answerLang}"]`).count()).toBe(CARDS.length);
  await page.getByRole("combobox", { name: texts.questionFor, exact: true }).waitFor();
  for (const label of await main.locator("select").evaluateAll((all) => all.map((s) => s.ariaLabel ?? "")))
    expect(label).not.toContain("[");
  await expectAccessible(page);

  // Tiles: ruby on the tiles (no Listen inside a tile); tooltips and "Selected" in base text.
  await session.visit(page, pathOf(deck, language, "tile_game"));
  await page.getByRole("button", { name: texts.start, exact: true }).click();
  // A small board may come in rounds: any question tile of this one will do.
  const tile = main.locator('button[data-side="question"]').first();
  await tile.locator('[lang="ja"] ruby rt').first().waitFor();
  expect(await main.locator("[data-tile-text] button").count()).toBe(0);
  expect(await main.locator(`button[data-side="answer"] [lang="${answerLang}"]`).count()).toBeGreaterThan(0);
  for (const title of await main
    .locator("button[data-side]")
    .evaluateAll((all) => all.map((t) => (t as HTMLButtonElement).title)))
    expect(title).not.toContain("[");
  const title = (await tile.getAttribute("title")) ?? "";
  expect(CARDS.map((card) => base(card.question))).toContain(title);
  await tile.click();
  await main.getByText(texts.selected.replace("日本語", title)).waitFor();
  await expectAccessible(page);

  // The test: the flashed question as ruby, options in the answers' language; a wrong answer's
  // screen shows the card. With "never", the flashed question has no readings.
  await session.visit(page, pathOf(deck, language, "test"));
  await page.getByRole("button", { name: texts.begin }).click();
  await page.keyboard.press("Enter"); // "Show question"
  const flash = page.getByTestId("flash-question");
  const flashed = await flash.innerHTML();
  expect(flashed).toContain("<rt>");
  expect(flashed).toContain('lang="ja"');
  const asked = unruby((await flash.textContent()) ?? "");
  await page.getByRole("heading", { name: texts.choose }).waitFor();
  const options = main.locator("button:has(kbd)");
  expect(await options.locator(`[lang="${answerLang}"]`).count()).toBe(4);
  const right = base(CARDS.find((card) => base(card.question) === asked)?.answer ?? "");
  const shown = (await options.allTextContents()).map(unruby);
  await page.keyboard.press(String(shown.findIndex((option) => option !== right) + 1));
  await main.locator('dd [lang="ja"] ruby').first().waitFor();
  await expectAccessible(page);
  await readingsNever(page, texts);
  await page.getByRole("button", { name: texts.tryAgain }).click();
  await page.keyboard.press("Enter");
  await flash.waitFor();
  expect(await flash.locator('[lang="ja"]').count()).toBe(1);
  expect(await flash.locator("ruby").count()).toBe(0);
  await page.getByRole("heading", { name: texts.choose }).waitFor();
  await expectAccessible(page);
}

async function writeMode(page: Page, deck: DeckFixture, language: "en" | "ja") {
  const texts = TEXTS[language];
  const main = page.getByRole("main");
  await page.evaluate(() => localStorage.removeItem("cardDisplay"));
  await session.visit(page, pathOf(deck, language, "write"));
  const question = page.getByTestId("write-question");
  await question.locator('[lang="ja"] ruby rt').first().waitFor();
  // Japanese answers: kana input, the field in Japanese.
  await page.getByRole("switch", { name: texts.kana }).waitFor();
  const field = main.getByRole("textbox");
  expect(await field.getAttribute("lang")).toBe("ja");
  await field.pressSequentially("a");
  expect(await field.inputValue()).toBe("あ");
  await page.keyboard.press("Enter");
  // The right answer beside the learner's, in base text.
  const expected = page.getByTestId("expected-answer");
  await expected.waitFor();
  expect(await expected.textContent()).not.toContain("[");
  expect(await expected.getAttribute("lang")).toBe("ja");
  await expectAccessible(page);
  // "Never": the question asked has no readings.
  await readingsNever(page, texts);
  expect(await question.locator("ruby").count()).toBe(0);
  expect(await question.locator('[lang="ja"]').count()).toBe(1);

  // Romaji answers ("ja-Latn"): no kana input.
  await setLanguages(deck, "ja", "ja-Latn");
  await session.visit(page, pathOf(deck, language, "write"));
  await question.locator('[lang="ja"]').waitFor();
  expect(await field.getAttribute("lang")).toBe("ja-Latn");
  expect(await page.getByRole("switch", { name: texts.kana }).count()).toBe(0);
  await field.pressSequentially("a");
  expect(await field.inputValue()).toBe("a");
}

describe("card text in the study modes", () => {
  it("shows readings, languages and base text in every mode, and hides the asked side's readings when set to never (English, desktop)", {
    timeout: 180_000,
  }, async () => {
    const deck = await furiganaDeck("ja", "ja");
    const page = await session.newPage();
    await walkModes(page, deck, "en", "ja");
    await writeMode(page, deck, "en");
  });

  it("does the same in Japanese at phone width, with English answers in the test and Write's romaji course", {
    timeout: 180_000,
  }, async () => {
    const deck = await furiganaDeck("ja", "en");
    const page = await session.newPage({ ...PHONE_390, locale: "ja-JP" });
    await walkModes(page, deck, "ja", "en");
    await setLanguages(deck, "ja", "ja");
    await writeMode(page, deck, "ja");
  });
});
