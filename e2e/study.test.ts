import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createDeckFixture, type DeckFixture } from "../harness/fixtures";
import { signIn } from "./support/accounts";
import { expectAccessible, PHONE, setupBrowser } from "./support/browser";
import { answerOf, FOUR_CARDS, takeTest } from "./support/study";

const session = setupBrowser();

let deck: DeckFixture;
let deckPath: string;
beforeAll(async () => {
  deck = await createDeckFixture(inject("baseURL"), FOUR_CARDS);
  deckPath = `/en/courses/${deck.courseId}/decks/${deck.deckId}`;
});

describe("study hub", () => {
  it("offers the four modes, practice, the test and the way back", async () => {
    const page = await session.newPage();
    await session.visit(page, `${deckPath}/study`);
    for (const name of [/^Flashcards/, /^Multiple choice/, /^Tile game/, /^Matching/, /^Practice/]) {
      await page.getByRole("main").getByRole("link", { name }).waitFor();
    }
    await page.getByRole("link", { name: "Take the test" }).click();
    await page.getByRole("heading", { name: "Ready to begin?" }).waitFor();
    await page.goBack();
    await page.getByRole("link", { name: "← Back to deck" }).click();
    await page.getByRole("heading", { level: 1, name: "Numbers" }).waitFor();
  });
});

describe("flashcards", () => {
  it("goes through by keyboard, then replays only the cards marked for review", async () => {
    const page = await session.newPage();
    await session.visit(page, `${deckPath}/flashcards`);
    const card = page.getByRole("button", { name: /^Question uno/ });
    await card.waitFor();
    await page.getByText("(1/4)").waitFor();

    await page.keyboard.press("Space");
    await page.getByRole("button", { name: /^Answer one/ }).waitFor();
    // Marking also moves to the next card.
    await page.keyboard.press("ArrowUp");
    await page.getByText("Marked as known").waitFor();
    await page.getByText("(2/4)").waitFor();
    await page.keyboard.press("ArrowDown");
    await page.getByText("Marked for review").waitFor();
    await page.getByText("(3/4)").waitFor();
    await page.keyboard.press("ArrowDown");
    await page.getByText("(4/4)").waitFor();
    await page.keyboard.press("ArrowLeft");
    await page.getByText("(3/4)").waitFor();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.getByRole("heading", { name: "You went through all 4 cards" }).waitFor();
    await page.getByText("Known: 1 · To review: 2").waitFor();
    await expectAccessible(page);

    await page.getByRole("button", { name: "Study the 2 cards to review" }).click();
    await page.getByText("(1/2)").waitFor();
    await page.getByRole("button", { name: /^Question dos/ }).waitFor();
    await page.keyboard.press("ArrowRight");
    await page.getByRole("button", { name: /^Question tres/ }).waitFor();
    await page.keyboard.press("ArrowRight");
    await page.getByRole("heading", { name: "You went through all 2 cards" }).waitFor();
    await page.getByRole("button", { name: "Try again" }).click();
    await page.getByText("(1/4)").waitFor();
  });

  it("opens the keyboard shortcuts, and flips and swipes by touch on a phone", async () => {
    const page = await session.newPage(PHONE);
    await session.visit(page, `${deckPath}/flashcards`);
    await page.getByRole("button", { name: "Keyboard shortcuts" }).click();
    await page.getByRole("dialog", { name: "Keyboard shortcuts" }).getByText("Flip the card").waitFor();
    await page.keyboard.press("Escape");
    const card = page.getByRole("button", { name: /^Question uno/ });
    await card.tap();
    const answer = page.getByRole("button", { name: /^Answer one/ });
    await answer.waitFor();
    // A finger swiping left moves to the next card.
    const box = await answer.boundingBox();
    if (!box) throw new Error("card not on screen");
    const y = box.y + box.height / 2;
    await answer.dispatchEvent("pointerdown", {
      pointerType: "touch",
      clientX: box.x + box.width - 20,
      clientY: y,
      isPrimary: true,
    });
    await answer.dispatchEvent("pointerup", { pointerType: "touch", clientX: box.x + 20, clientY: y, isPrimary: true });
    await page.getByText("(2/4)").waitFor();
    await page.getByRole("button", { name: /^Question dos/ }).waitFor();
  });
});

describe("multiple choice", () => {
  it("scores one wrong answer as (total-1)/total and restarts", async () => {
    const page = await session.newPage();
    await session.visit(page, `${deckPath}/multiple_choice`);
    const questions = page.getByRole("group");
    expect(await questions.count()).toBe(4);
    for (let i = 0; i < 4; i++) {
      const group = questions.nth(i);
      const question = ((await group.locator("legend").textContent()) ?? "").replace(/^\d+\.\s*/, "");
      const right = answerOf(FOUR_CARDS, question);
      if (i === 0) {
        const options = await group
          .getByRole("radio")
          .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
        await group.getByRole("radio", { name: options.find((o) => o !== right) }).check();
      } else {
        await group.getByRole("radio", { name: right, exact: true }).check();
      }
    }
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByRole("status").getByText("3/4").waitFor();
    expect(await page.getByRole("radio").first().isDisabled()).toBe(true);
    await expectAccessible(page);
    await page.getByRole("button", { name: "Restart" }).click();
    expect(await page.getByRole("radio", { checked: true }).count()).toBe(0);
  });
});

describe("matching", () => {
  it("shows 'no answer selected' for a question left out, and moves a taken number", async () => {
    const page = await session.newPage();
    await session.visit(page, `${deckPath}/matching`);
    const questions = await page.getByRole("region", { name: "Questions" }).getByRole("listitem").allTextContents();
    const numberOf = (answer: string) =>
      String(questions.findIndex((text) => answerOf(FOUR_CARDS, text.replace(/^\d+\.\s*/, "")) === answer) + 1);

    // Give "one" the number of "two"'s question, then give it to "two": "one" loses it.
    await page.getByLabel("Question number for “one”").selectOption(numberOf("two"));
    await page.getByLabel("Question number for “two”").selectOption(numberOf("two"));
    expect(await page.getByLabel("Question number for “one”").inputValue()).toBe("");
    await page.getByLabel("Question number for “one”").selectOption(numberOf("one"));
    await page.getByLabel("Question number for “three”").selectOption(numberOf("three"));
    await page.getByRole("button", { name: "Submit" }).click();

    await page.getByText("No answer selected").waitFor();
    expect(await page.getByText("✓ Correct").count()).toBe(3);
    await page.getByRole("status").getByText("3/4").waitFor();
    expect(await page.getByLabel("Question number for “one”").isDisabled()).toBe(true);
    await expectAccessible(page);
    await page.getByRole("button", { name: "Restart" }).click();
    expect(await page.getByLabel("Question number for “one”").isDisabled()).toBe(false);
  });
});

describe("tile game", () => {
  const tile = (page: Page, text: string) =>
    page.getByRole("region", { name: /Tile board/ }).getByRole("button", { name: text, exact: true });

  it("is cleared by dragging with the mouse, then by the keyboard, and shows the time", async () => {
    const page = await session.newPage();
    await session.visit(page, `${deckPath}/tile_game`);
    await page.getByRole("button", { name: "Start" }).click();
    for (const card of FOUR_CARDS) {
      const from = await tile(page, card.question).boundingBox();
      const to = await tile(page, card.answer).boundingBox();
      if (!from || !to) throw new Error("tile not on screen");
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
      await page.mouse.up();
      await tile(page, card.question).waitFor({ state: "detached" });
    }
    await page
      .getByRole("status")
      .getByText(/Cleared in \d+\.\d{2} seconds/)
      .waitFor();

    await page.getByRole("button", { name: "Play again" }).click();
    await expectAccessible(page);
    // A wrong pair stays; the right one goes.
    await tile(page, "uno").focus();
    await page.keyboard.press("Enter");
    await tile(page, "two").focus();
    await page.keyboard.press("Enter");
    expect(await tile(page, "uno").count()).toBe(1);
    for (const card of FOUR_CARDS) {
      await tile(page, card.question).focus();
      await page.keyboard.press("Enter");
      await tile(page, card.answer).focus();
      await page.keyboard.press("Enter");
      await tile(page, card.question).waitFor({ state: "detached" });
    }
    await page
      .getByRole("status")
      .getByText(/Cleared in \d+\.\d{2} seconds/)
      .waitFor();
  });
});

describe("timed test", () => {
  it("shows the question, the right answer and the chosen one when failed", async () => {
    const page = await session.newPage();
    await session.visit(page, `${deckPath}/test`);
    const asked = await takeTest(page, FOUR_CARDS, 1);
    if (!asked) throw new Error("the test did not fail");
    await page.getByRole("heading", { name: "Not this time" }).waitFor();
    const review = page.getByRole("definition");
    expect(await review.allTextContents()).toEqual([asked.question, asked.right, asked.chosen]);
    await expectAccessible(page);
    await page.getByRole("button", { name: "Try again" }).click();
    await page.getByText("Question 1 of 4").waitFor();
  });

  it("records a pass for a signed-in person: the course page shows the tick, also after a reload", async () => {
    const page = await session.newPage();
    await session.visit(page, `${deckPath}/test`);
    await signIn(page, deck.email, deck.password);
    await page.getByRole("button", { name: `Account menu for ${deck.email}` }).waitFor();
    await takeTest(page, FOUR_CARDS);
    await page.getByRole("heading", { name: "You passed!" }).waitFor();
    await page.getByText("Test passed! The deck is marked as completed.").waitFor();
    await expectAccessible(page);
    await page.getByRole("link", { name: "Back to course" }).click();
    const row = page.getByRole("link", { name: /1\. Numbers/ });
    await row.getByRole("img", { name: "Completed" }).waitFor();
    await page.reload();
    await page
      .getByRole("link", { name: /1\. Numbers/ })
      .getByRole("img", { name: "Completed" })
      .waitFor();
  });

  it("records nothing for a visitor who passes", async () => {
    const page = await session.newPage();
    const progressCalls: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/progress")) progressCalls.push(request.url());
    });
    await session.visit(page, `${deckPath}/test`);
    await takeTest(page, FOUR_CARDS);
    await page.getByRole("heading", { name: "You passed!" }).waitFor();
    await page.getByText("Sign in to have passed decks marked as completed.").waitFor();
    expect(progressCalls).toEqual([]);
    await page.getByRole("link", { name: "Back to course" }).click();
    await page.getByRole("link", { name: /1\. Numbers/ }).waitFor();
    expect(await page.getByRole("img", { name: "Completed" }).count()).toBe(0);
  });
});
