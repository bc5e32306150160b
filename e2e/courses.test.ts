import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addDeck, createDeckFixture } from "../harness/fixtures";
import { signUpConfirmed } from "./support/accounts";
import { expectAccessible, PHONE, setupBrowser } from "./support/browser";
import { FOUR_CARDS } from "./support/study";

const session = setupBrowser();

async function createCourse(
  page: Page,
  name: string,
  tags: string[],
  texts = { create: "Create Course", name: "Course name", tags: "Tags", submit: "Create course" },
) {
  await page.getByRole("button", { name: texts.create }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel(texts.name).fill(name);
  for (const tag of tags) {
    await dialog.getByLabel(texts.tags, { exact: true }).fill(tag);
    await dialog.getByLabel(texts.tags, { exact: true }).press("Enter");
  }
  await expectAccessible(page);
  await dialog.getByRole("button", { name: texts.submit }).click();
  await page.getByRole("heading", { level: 1, name }).waitFor();
}

async function fillCards(page: Page, cards: [string, string][]) {
  const dialog = page.getByRole("dialog");
  for (const [i, [question, answer]] of cards.entries()) {
    await dialog.getByLabel(`Question ${i + 1}`, { exact: true }).fill(question);
    await dialog.getByLabel(`Answer ${i + 1}`, { exact: true }).fill(answer);
  }
}

describe("building a course", () => {
  it("steps the display time slider through every value from the keyboard", async () => {
    const author = await createDeckFixture(session.baseURL, FOUR_CARDS);
    const page = await session.signedInPage(author.cookie);
    await session.visit(page, `/en/courses/${author.courseId}`);
    await page.getByRole("button", { name: "Create deck" }).click();
    const dialog = page.getByRole("dialog");
    const slider = dialog.getByRole("slider", { name: "Display time of card 1" });
    await slider.focus();
    await page.keyboard.press("End");
    expect(await slider.getAttribute("aria-valuetext")).toBe("30 s");
    await page.keyboard.press("Home");
    expect(await slider.getAttribute("aria-valuetext")).toBe("0.5 s");
    // Every arrow press moves to the next value, all the way up and all the way down (it used to
    // stick where neighbouring steps rounded to the same time).
    const seen = ["0.5 s"];
    for (let i = 0; i < 120 && seen.at(-1) !== "30 s"; i++) {
      await page.keyboard.press("ArrowRight");
      seen.push((await slider.getAttribute("aria-valuetext")) ?? "");
      expect(seen.at(-1)).not.toBe(seen.at(-2));
    }
    expect(seen.at(-1)).toBe("30 s");
    for (let i = seen.length - 2; i >= 0; i--) {
      await page.keyboard.press("ArrowLeft");
      expect(await slider.getAttribute("aria-valuetext")).toBe(seen[i]);
    }
    await expectAccessible(page);
  });

  it("creates a course and decks, edits and deletes them, and nobody else can", async () => {
    const page = await session.newPage();
    await signUpConfirmed(page, "en", "owner");
    const courseName = `Spanish ${crypto.randomUUID().slice(0, 6)}`;

    // A course with tags.
    await createCourse(page, courseName, ["spanish", "  vocabulary  "]);
    const courseUrl = page.url();
    await page.getByText("This course has no decks yet.").waitFor();
    const tags = page.getByRole("list").filter({ hasText: "spanish" });
    expect(await tags.getByRole("listitem").allTextContents()).toEqual(["spanish", "vocabulary"]);

    // A deck: three cards are too few, a blank answer is refused, then it is made.
    await page.getByRole("button", { name: "Create deck" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Deck name").fill("Greetings");
    await dialog.getByLabel("Description").fill("Hello and goodbye");
    await dialog.getByRole("button", { name: "Remove card 4" }).click();
    await fillCards(page, [
      ["hola", "hello"],
      ["adiós", "goodbye"],
      ["gracias", "thank you"],
    ]);
    await dialog.getByRole("button", { name: "Create deck" }).click();
    await dialog.getByRole("alert").getByText("A deck needs at least four flashcards.").waitFor();
    await dialog.getByRole("button", { name: "Add a card" }).click();
    await dialog.getByLabel("Question 4", { exact: true }).fill("por favor");
    await dialog.getByRole("button", { name: "Create deck" }).click();
    await dialog.getByRole("alert").getByText("Each flashcard needs an answer.").waitFor();
    await dialog.getByLabel("Answer 4", { exact: true }).fill("please");

    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Create deck" }).click();
    await page.getByText("Deck made successfully!").waitFor();
    await page.getByRole("link", { name: "1. Greetings" }).waitFor();

    // A second deck from pasted tab-separated lines; the 51st card does not fit and is left out.
    await page.getByRole("button", { name: "Create deck" }).click();
    await dialog.getByLabel("Deck name").fill("Numbers");
    await dialog.getByLabel("Description").fill("One to four");
    await dialog.getByText("Paste many cards at once").click();
    await dialog.getByLabel("Cards to paste").fill(Array.from({ length: 51 }, (_, i) => `q${i}\ta${i}`).join("\n"));
    await dialog.getByRole("button", { name: "Add pasted cards" }).click();
    await dialog
      .getByRole("alert")
      .getByText("1 pasted card was left out: a deck holds at most 50 cards.", { exact: false })
      .waitFor();
    // Closing with unsaved cards asks first.
    await page.keyboard.press("Escape");
    await page.getByRole("alertdialog").getByRole("button", { name: "Discard changes" }).click();
    await page.getByRole("button", { name: "Create deck" }).click();
    await dialog.getByLabel("Deck name").fill("Numbers");
    await dialog.getByLabel("Description").fill("One to four");
    await dialog.getByText("Paste many cards at once").click();
    await dialog.getByLabel("Cards to paste").fill("uno\tone\ndos\ttwo\ntres\tthree\ncuatro\tfour\n");
    await dialog.getByRole("button", { name: "Add pasted cards" }).click();
    expect(await dialog.getByLabel("Question 4", { exact: true }).inputValue()).toBe("cuatro");
    expect(await dialog.getByLabel("Question 5", { exact: true }).count()).toBe(0);
    await dialog.getByRole("button", { name: "Create deck" }).click();
    await page.getByRole("link", { name: "2. Numbers" }).waitFor();

    // Edit a card and add one; the deck page shows it at once.
    await page.getByRole("link", { name: "1. Greetings" }).click();
    await page.getByRole("heading", { level: 1, name: "Greetings" }).waitFor();
    await page.getByText("thank you").waitFor();
    await page.getByRole("button", { name: "Edit deck" }).click();
    await dialog.getByLabel("Answer 3", { exact: true }).fill("thanks");
    await dialog.getByRole("button", { name: "Add a card" }).click();
    await dialog.getByLabel("Question 5", { exact: true }).fill("buenos días");
    await dialog.getByLabel("Answer 5", { exact: true }).fill("good morning");
    expect(await dialog.getByRole("slider", { name: "Display time of card 5" }).getAttribute("aria-valuetext")).toBe(
      "5 s",
    );
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Changes saved!").waitFor();
    await page.getByRole("heading", { level: 2, name: "Flashcards (5)" }).waitFor();
    await page.getByText("good morning").waitFor();
    expect(await page.getByText("thank you").count()).toBe(0);
    const deckUrl = page.url();

    // Someone else sees the course and the deck, and no owner buttons.
    const stranger = await session.newPage();
    await signUpConfirmed(stranger, "en", "stranger");
    await stranger.goto(courseUrl);
    await stranger.getByRole("link", { name: "1. Greetings" }).waitFor();
    for (const name of ["Create deck", "Edit course", "Delete course"]) {
      expect(await stranger.getByRole("button", { name }).count()).toBe(0);
    }
    await stranger.goto(deckUrl);
    await stranger.getByRole("heading", { level: 1, name: "Greetings" }).waitFor();
    for (const name of ["Edit deck", "Delete deck"]) {
      expect(await stranger.getByRole("button", { name }).count()).toBe(0);
    }

    // Delete a deck by typing its name.
    await page.goto(courseUrl);
    await page.getByRole("link", { name: "2. Numbers" }).click();
    await page.getByRole("button", { name: "Delete deck" }).click();
    await dialog.getByLabel("Name").fill("numbers");
    await dialog.getByRole("button", { name: "Delete deck" }).click();
    await dialog.getByText("The deck name does not match.").waitFor();
    await dialog.getByLabel("Name").fill("Numbers");
    await dialog.getByRole("button", { name: "Delete deck" }).click();
    await page.getByText("Deck deleted.").waitFor();
    await page.getByRole("link", { name: "1. Greetings" }).waitFor();
    expect(await page.getByRole("link", { name: /Numbers/ }).count()).toBe(0);

    // Edit the course.
    await page.getByRole("button", { name: "Edit course" }).click();
    await dialog.getByLabel("Course name").fill(`${courseName} (edited)`);
    await dialog.getByRole("button", { name: "Remove tag spanish" }).click();
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Course updated successfully!").waitFor();
    await page.getByRole("heading", { level: 1, name: `${courseName} (edited)` }).waitFor();

    // Delete the course by typing its exact name.
    await page.getByRole("button", { name: "Delete course" }).click();
    await dialog.getByLabel("Name").fill(courseName);
    await dialog.getByRole("button", { name: "Delete course" }).click();
    await dialog.getByText("The course name does not match.").waitFor();
    await dialog.getByLabel("Name").fill(`${courseName} (edited)`);
    await dialog.getByRole("button", { name: "Delete course" }).click();
    await page.getByText("Course deleted successfully.").waitFor();
    await page.waitForURL("**/en/home");
    await page.goto(courseUrl);
    await page.getByRole("alert").getByText("This course does not exist or was deleted.").waitFor();
  });
});

describe("in Japanese", () => {
  it("creates a course and refuses a deck of three cards with the Japanese message", async () => {
    const page = await session.newPage({ locale: "ja-JP" });
    await signUpConfirmed(page, "ja", "nihongo");
    const courseName = `漢字 ${crypto.randomUUID().slice(0, 6)}`;
    await createCourse(page, courseName, ["漢字"], {
      create: "コースを作成",
      name: "コース名",
      tags: "タグ",
      submit: "コースを作成",
    });
    await page.getByText("このコースにはまだデッキがありません。").waitFor();
    await page.getByRole("button", { name: "デッキを作成" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("デッキ名").fill("数字");
    await dialog.getByLabel("説明").fill("一から三");
    await dialog.getByRole("button", { name: "カード 4 を削除" }).click();
    for (const [i, [q, a]] of [
      ["一", "いち"],
      ["二", "に"],
      ["三", "さん"],
    ].entries()) {
      await dialog.getByLabel(`問題 ${i + 1}`, { exact: true }).fill(q ?? "");
      await dialog.getByLabel(`答え ${i + 1}`, { exact: true }).fill(a ?? "");
    }
    await dialog.getByRole("button", { name: "デッキを作成" }).click();
    await dialog.getByRole("alert").getByText("デッキには4枚以上のフラッシュカードが必要です。").waitFor();
    await expectAccessible(page);
  });
});

describe("a course with no room for another deck", () => {
  it("turns New deck off and says why, in both languages", async () => {
    const author = await createDeckFixture(session.baseURL, FOUR_CARDS);
    // 4 + 99 × 50 = 4,954 cards; one deck of 43 more leaves room for 3, fewer than a deck needs.
    const fifty = Array.from({ length: 50 }, (_, i) => ({ question: `q${i}`, answer: `a${i}` }));
    for (let i = 0; i < 99; i++) await addDeck(session.baseURL, author.cookie, author.courseId, `Deck ${i}`, fifty);
    await addDeck(session.baseURL, author.cookie, author.courseId, "Last", fifty.slice(0, 43));

    const page = await session.signedInPage(author.cookie);
    await session.visit(page, `/en/courses/${author.courseId}`);
    const button = page.getByRole("button", { name: "Create Deck" });
    expect(await button.isDisabled()).toBe(true);
    await page.getByText("this one has room for only 3 more: not enough for a new deck").waitFor();

    const phone = await session.signedInPage(author.cookie, { ...PHONE, locale: "ja-JP" });
    await session.visit(phone, `/ja/courses/${author.courseId}`);
    expect(await phone.getByRole("button", { name: "デッキを作成" }).isDisabled()).toBe(true);
    await phone.getByText("このコースにはあと3枚しか入りません").waitFor();
    await expectAccessible(phone);
  });
});

describe("as a visitor", () => {
  it("explains that creating a course needs an account and opens sign-in", async () => {
    const page = await session.newPage();
    await session.visit(page, "/en/");
    await page.getByRole("button", { name: "Create Course" }).click();
    await page.getByText("Sign up / login to create a course").waitFor();
    await page.getByRole("dialog", { name: "Sign in" }).waitFor();
  });
});
