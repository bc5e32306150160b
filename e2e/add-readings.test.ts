/**
 * "Add readings" in the deck editor (issue #24 item 3, decision 0053): the server suggests readings
 * in Anki's syntax, the field shows them for the author to edit, and nothing is saved until they save.
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { addCourse, createDeckFixture, type DeckFixture } from "../harness/fixtures";
import { expectAccessible, setupBrowser } from "./support/browser";
import { FOUR_CARDS } from "./support/study";

const session = setupBrowser();
const PHONE_390 = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

let author: DeckFixture;
beforeAll(async () => {
  author = await createDeckFixture(session.baseURL, FOUR_CARDS);
});

const TEXTS = {
  en: {
    createDeck: "Create deck",
    dialog: "Create a deck",
    question: "Question 1",
    answer: "Answer 1",
    add: "Add readings to the kanji of card 1",
    added: "Readings added as 漢字[かんじ]: check and correct them before saving.",
  },
  ja: {
    createDeck: "デッキを作成",
    dialog: "デッキを作成",
    question: "問題 1",
    answer: "答え 1",
    add: "カード 1 の漢字に読み仮名を付ける",
    added: "読み仮名を「漢字[かんじ]」の形で付けました。保存する前に確認し、必要なら直してください。",
  },
} as const;

async function openEditor(page: Page, language: "en" | "ja") {
  const t = TEXTS[language];
  const courseId = await addCourse(session.baseURL, author.cookie, `Readings ${language}`);
  await session.visit(page, `/${language}/courses/${courseId}`);
  await page.getByRole("button", { name: t.createDeck, exact: true }).click();
  return page.getByRole("dialog", { name: t.dialog });
}

describe("Add readings in the deck editor", () => {
  for (const [language, options] of [
    ["en", {}],
    ["ja", { locale: "ja-JP", ...PHONE_390 }],
  ] as const) {
    it(`puts suggested readings in the card's fields for the author to edit (${language})`, async () => {
      const t = TEXTS[language];
      const page = await session.signedInPage(author.cookie, options);
      const dialog = await openEditor(page, language);
      const add = dialog.getByRole("button", { name: t.add });

      // Only text with kanji is offered readings.
      await dialog.getByLabel(t.question, { exact: true }).fill("ひらがな");
      await dialog.getByLabel(t.answer, { exact: true }).fill("kana");
      expect(await add.count()).toBe(0);

      await dialog.getByLabel(t.question, { exact: true }).fill("日本語を勉強する");
      await dialog.getByLabel(t.answer, { exact: true }).fill("to study Japanese");
      await add.click();
      await dialog.getByRole("status").getByText(t.added).waitFor();
      expect(await dialog.getByLabel(t.question, { exact: true }).inputValue()).toBe(
        "日本語[にほんご]を 勉強[べんきょう]する",
      );
      // A field without kanji is left alone.
      expect(await dialog.getByLabel(t.answer, { exact: true }).inputValue()).toBe("to study Japanese");
      // The button keeps the focus through the request, for a second try from the keyboard.
      expect(await add.evaluate((button) => button === document.activeElement)).toBe(true);
      await expectAccessible(page);

      // The suggestion is the author's to correct, like any text they typed.
      await dialog.getByLabel(t.question, { exact: true }).fill("日本語[にっぽんご]を 勉強[べんきょう]する");
      expect(await dialog.getByLabel(t.question, { exact: true }).inputValue()).toContain("[にっぽんご]");
    });
  }

  it("says why when the server refuses, and leaves the field as typed", async () => {
    const page = await session.signedInPage(author.cookie);
    const dialog = await openEditor(page, "en");
    // Longer than a card may be: the server refuses it before any analysis.
    const long = "漢字".repeat(251);
    await dialog.getByLabel("Question 1", { exact: true }).fill(long);
    await dialog.getByRole("button", { name: TEXTS.en.add }).click();
    await dialog
      .getByRole("alert")
      .getByText("Readings can be suggested for at most 500 characters at a time.")
      .waitFor();
    expect(await dialog.getByLabel("Question 1", { exact: true }).inputValue()).toBe(long);
    await expectAccessible(page);
  });
});
