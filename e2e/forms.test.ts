/**
 * Forms (#14, editor and forms): every invalid field marked at once with the focus on the first,
 * a server's refusal at the field it concerns, no typed text lost by a slip (unsaved-changes
 * guard, deck drafts that survive a reload), the bulk display time in the edit dialog, and the
 * course form's name error and success message.
 */
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { addCourse, addDeck, createDeckFixture, type DeckFixture } from "../harness/fixtures";
import { expectAccessible, setupBrowser } from "./support/browser";
import { FOUR_CARDS } from "./support/study";

const session = setupBrowser();

const CARDS = [...FOUR_CARDS, { question: "cinco", answer: "five" }];

/**
 * One author for the whole file (sign-ups are rate-limited per address, and the browser run
 * shares one server): each test gets its own course or deck through the API.
 */
let author: DeckFixture;
beforeAll(async () => {
  author = await createDeckFixture(session.baseURL, CARDS);
});

async function newCourse(): Promise<number> {
  return addCourse(session.baseURL, author.cookie, `Forms ${crypto.randomUUID().slice(0, 6)}`);
}

/** A deck of its own ("Numbers", the five cards) in a course of its own. */
async function newDeck(): Promise<{ courseId: number; deckId: number }> {
  const courseId = await newCourse();
  const deckId = await addDeck(session.baseURL, author.cookie, courseId, "Numbers", CARDS);
  return { courseId, deckId };
}

/** A page signed in as the file's author. */
const asAuthor = (options: Parameters<typeof session.newPage>[0] = {}) => session.signedInPage(author.cookie, options);

async function openDeck(page: Page, deck: { courseId: number; deckId: number }, language = "en") {
  await page.goto(`/${language}/courses/${deck.courseId}/decks/${deck.deckId}`);
  await page.getByRole("heading", { level: 1, name: "Numbers" }).waitFor();
}

/** The field is marked invalid and described by a text that says `message`. */
async function expectInvalid(field: Locator, message: string) {
  expect(await field.getAttribute("aria-invalid")).toBe("true");
  const ids = (await field.getAttribute("aria-describedby"))?.split(" ") ?? [];
  const descriptions = await Promise.all(ids.map((id) => field.page().locator(`[id="${id}"]`).textContent()));
  expect(descriptions).toContain(message);
}

async function expectFocused(field: Locator) {
  await field.page().waitForFunction((element) => document.activeElement === element, await field.elementHandle());
}

describe("per-field errors", () => {
  it("marks every invalid field of a deck at once and puts the focus on the first", async () => {
    const page = await asAuthor();
    await page.goto(`/en/courses/${await newCourse()}`);
    await page.getByRole("button", { name: "Create deck" }).click();
    const dialog = page.getByRole("dialog", { name: "Create a deck" });
    await dialog.getByLabel("Description").fill("Colours");
    await dialog.getByLabel("Question 2", { exact: true }).fill("rojo");
    await dialog.getByLabel("Answer 3", { exact: true }).fill("green");
    await dialog.getByRole("button", { name: "Create deck" }).click();

    await expectFocused(dialog.getByLabel("Deck name"));
    await expectInvalid(dialog.getByLabel("Deck name"), "Enter a deck name.");
    for (const n of [1, 3, 4]) {
      await expectInvalid(dialog.getByLabel(`Question ${n}`, { exact: true }), "Each flashcard needs a question.");
    }
    for (const n of [1, 2, 4]) {
      await expectInvalid(dialog.getByLabel(`Answer ${n}`, { exact: true }), "Each flashcard needs an answer.");
    }
    expect(await dialog.getByLabel("Description").getAttribute("aria-invalid")).toBeNull();
    expect(await dialog.getByLabel("Question 2", { exact: true }).getAttribute("aria-invalid")).toBeNull();
    await expectAccessible(page);

    // Each mark goes as its field is corrected, without sending again.
    await dialog.getByLabel("Deck name").fill("Colours");
    await dialog.getByLabel("Deck name").and(page.locator(":not([aria-invalid])")).waitFor();
    expect(await dialog.getByLabel("Answer 1", { exact: true }).getAttribute("aria-invalid")).toBe("true");
  });

  it("marks every field of the sign-up dialog at once, in Japanese", async () => {
    const page = await session.newPage({ locale: "ja-JP" });
    await session.visit(page, "/ja/home");
    await page.getByRole("banner").getByRole("button", { name: "ログイン / 新規登録" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "新規登録" }).click();
    await dialog.getByLabel("パスワード", { exact: true }).fill("short");
    await dialog.getByLabel("パスワード（確認）").fill("shorter");
    await dialog.locator("form").getByRole("button", { name: "新規登録" }).click();

    await expectFocused(dialog.getByLabel("メールアドレス"));
    await expectInvalid(dialog.getByLabel("メールアドレス"), "メールアドレスを入力してください。");
    await expectInvalid(dialog.getByLabel("パスワード", { exact: true }), "パスワードは8〜128文字にしてください。");
    await expectInvalid(dialog.getByLabel("パスワード（確認）"), "パスワードが一致しません。");
    await expectAccessible(page);
  });
});

describe("a refusal by the server", () => {
  it("marks the card that was deleted meanwhile in another tab, and focuses it", async () => {
    const deck = await newDeck();
    const page = await asAuthor();
    await openDeck(page, deck);
    await page.getByRole("button", { name: "Edit deck" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit deck" });
    await dialog.getByLabel("Answer 2", { exact: true }).fill("two (2)");

    // Meanwhile, another tab deletes card 2.
    const other = await page.context().newPage();
    await openDeck(other, deck);
    await other.getByRole("button", { name: "Edit deck" }).click();
    await other.getByRole("dialog").getByRole("button", { name: "Remove card 2" }).click();
    await other.getByRole("dialog").getByRole("button", { name: "Save changes" }).click();
    await other.getByText("Changes saved!").waitFor();
    await other.close();

    await dialog.getByRole("button", { name: "Save changes" }).click();
    const question = dialog.getByLabel("Question 2", { exact: true });
    await expectFocused(question);
    await expectInvalid(question, "A flashcard you changed is no longer in this deck. Reload the deck and try again.");
    expect(await dialog.getByLabel("Question 1", { exact: true }).getAttribute("aria-invalid")).toBeNull();
    await expectAccessible(page);
  });

  it("marks the current password the server refused, and focuses it", async () => {
    const page = await asAuthor();
    await session.visit(page, "/en/home");
    await page.getByRole("button", { name: /Account menu for/ }).click();
    await page.getByRole("menuitem", { name: "Change Password" }).click();
    const dialog = page.getByRole("dialog", { name: "Change password" });
    await dialog.getByLabel("Current password").fill("not-my-password");
    await dialog.getByLabel("New password", { exact: true }).fill("second-password-2");
    await dialog.getByLabel("Confirm new password").fill("second-password-2");
    // Focus elsewhere, so that only the refusal can bring it to the field.
    await dialog.getByRole("button", { name: "Change password" }).click();
    const current = dialog.getByLabel("Current password");
    await expectFocused(current);
    await expectInvalid(current, "The current password is not correct.");
    expect(await dialog.getByLabel("New password", { exact: true }).getAttribute("aria-invalid")).toBeNull();
  });
});

describe("nothing typed is lost by accident", () => {
  it("asks before closing a course form with unsaved changes: keep editing, or discard", async () => {
    const page = await asAuthor();
    await session.visit(page, "/en/home");
    await page.getByRole("button", { name: "Create Course" }).click();
    const dialog = page.getByRole("dialog", { name: "Create a course" });

    // Untouched, Escape closes at once.
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });

    await page.getByRole("button", { name: "Create Course" }).click();
    await dialog.getByLabel("Course name").fill("Half-typed");
    await page.keyboard.press("Escape");
    const ask = page.getByRole("alertdialog", { name: "Discard your changes?" });
    await ask.waitFor();
    await expectFocused(ask.getByRole("button", { name: "Keep editing" }));
    await expectAccessible(page);

    // Keep editing (Escape in the question does the same): the form stays as it was.
    await page.keyboard.press("Escape");
    await ask.waitFor({ state: "detached" });
    expect(await dialog.getByLabel("Course name").inputValue()).toBe("Half-typed");

    // The × asks too; "Keep editing" keeps the text.
    await dialog.getByRole("button", { name: "Close" }).click();
    await ask.getByRole("button", { name: "Keep editing" }).click();
    await ask.waitFor({ state: "detached" });
    expect(await dialog.getByLabel("Course name").inputValue()).toBe("Half-typed");

    // Discard closes it.
    await dialog.getByRole("button", { name: "Close" }).click();
    await ask.getByRole("button", { name: "Discard changes" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await page.getByRole("alertdialog").count()).toBe(0);
  });

  it("keeps a new deck's draft through a reload, offers it back, and forgets it once saved", async () => {
    const page = await asAuthor();
    await page.goto(`/en/courses/${await newCourse()}`);
    await page.getByRole("button", { name: "Create deck" }).click();
    let dialog = page.getByRole("dialog", { name: "Create a deck" });
    await dialog.getByLabel("Deck name").fill("Colours");
    await dialog.getByLabel("Description").fill("Basic colours");
    const words = [
      ["rojo", "red"],
      ["verde", "green"],
      ["azul", "blue"],
      ["negro", "black"],
    ];
    for (const [i, [question, answer]] of words.entries()) {
      await dialog.getByLabel(`Question ${i + 1}`, { exact: true }).fill(question ?? "");
      await dialog.getByLabel(`Answer ${i + 1}`, { exact: true }).fill(answer ?? "");
    }

    await page.reload();
    await page.getByRole("button", { name: "Create deck" }).click();
    dialog = page.getByRole("dialog", { name: "Create a deck" });
    await dialog.getByText(/You have an unsaved draft of this deck from/).waitFor();
    await expectAccessible(page);
    expect(await dialog.getByLabel("Deck name").inputValue()).toBe("");
    await dialog.getByRole("button", { name: "Restore draft" }).click();
    expect(await dialog.getByLabel("Deck name").inputValue()).toBe("Colours");
    expect(await dialog.getByLabel("Answer 4", { exact: true }).inputValue()).toBe("black");
    await dialog.getByRole("button", { name: "Create deck" }).click();
    await page.getByText("Deck made successfully!").waitFor();
    await page.getByRole("link", { name: "1. Colours" }).waitFor();

    // Saved: no draft is offered any more.
    await page.reload();
    await page.getByRole("button", { name: "Create deck" }).click();
    dialog = page.getByRole("dialog", { name: "Create a deck" });
    await dialog.getByLabel("Deck name").waitFor();
    expect(await dialog.getByText(/unsaved draft/).count()).toBe(0);
  });

  it("keeps an edited deck's draft, in Japanese, and a discarded draft is gone", async () => {
    const deck = await newDeck();
    const page = await asAuthor({ locale: "ja-JP" });
    await openDeck(page, deck, "ja");
    await page.getByRole("button", { name: "デッキを編集" }).click();
    let dialog = page.getByRole("dialog", { name: "デッキを編集" });
    await dialog.getByLabel("答え 1", { exact: true }).fill("いち");

    await page.reload();
    await page.getByRole("button", { name: "デッキを編集" }).click();
    dialog = page.getByRole("dialog", { name: "デッキを編集" });
    await dialog.getByText(/このデッキの保存していない下書きがあります/).waitFor();
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "下書きを破棄" }).click();
    expect(await dialog.getByLabel("答え 1", { exact: true }).inputValue()).toBe("one");

    await page.reload();
    await page.getByRole("button", { name: "デッキを編集" }).click();
    dialog = page.getByRole("dialog", { name: "デッキを編集" });
    await dialog.getByLabel("答え 1", { exact: true }).waitFor();
    expect(await dialog.getByText(/下書き/).count()).toBe(0);
  });
});

describe("the deck edit dialog", () => {
  it("has the bulk display time slider, which sets every card", async () => {
    const deck = await newDeck();
    const page = await asAuthor();
    await openDeck(page, deck);
    await page.getByRole("button", { name: "Edit deck" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit deck" });
    const bulk = dialog.getByRole("slider", { name: "Display time for every card" });
    // The fixture's cards all show for 0.5 s: the bulk slider starts there.
    expect(await bulk.getAttribute("aria-valuetext")).toBe("0.5 s");
    await bulk.focus();
    await page.keyboard.press("End");
    for (const n of [1, 2, 3, 4, 5]) {
      expect(
        await dialog.getByRole("slider", { name: `Display time of card ${n}` }).getAttribute("aria-valuetext"),
      ).toBe("30 s");
    }
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Changes saved!").waitFor();

    await page.getByRole("button", { name: "Edit deck" }).click();
    expect(await dialog.getByRole("slider", { name: "Display time of card 3" }).getAttribute("aria-valuetext")).toBe(
      "30 s",
    );
  });
});

describe("the course form", () => {
  it("takes the name error away once a name is typed, and says when the course is made", async () => {
    const page = await asAuthor();
    await session.visit(page, "/en/home");
    await page.getByRole("button", { name: "Create Course" }).click();
    const dialog = page.getByRole("dialog", { name: "Create a course" });
    await dialog.getByRole("button", { name: "Create course" }).click();
    const name = dialog.getByLabel("Course name");
    await expectFocused(name);
    await expectInvalid(name, "Enter a course name.");

    const courseName = `Birds ${crypto.randomUUID().slice(0, 6)}`;
    await name.pressSequentially(courseName);
    await dialog.getByText("Enter a course name.").waitFor({ state: "detached" });
    expect(await name.getAttribute("aria-invalid")).toBeNull();

    await dialog.getByRole("button", { name: "Create course" }).click();
    await page.getByText("Course created successfully!").waitFor();
    await page.getByRole("heading", { level: 1, name: courseName }).waitFor();
  });
});
