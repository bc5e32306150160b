import type { Page } from "playwright-core";

export interface Card {
  question: string;
  answer: string;
}

/** The deck most browser tests study: four cards, the fewest a deck may hold. */
export const FOUR_CARDS: Card[] = [
  { question: "uno", answer: "one" },
  { question: "dos", answer: "two" },
  { question: "tres", answer: "three" },
  { question: "cuatro", answer: "four" },
];

/** The answer to a question of `cards` as the page shows it (trimmed), or "" if none has it. */
export const answerOf = (cards: Card[], question: string) =>
  cards.find((card) => card.question === question.trim())?.answer ?? "";

/** Takes the test from the keyboard: `wrongAt` answers that question wrongly. Returns what was asked. */
export async function takeTest(page: Page, cards: Card[], wrongAt?: number) {
  await page.getByRole("button", { name: "Begin test" }).click();
  for (let i = 0; i < cards.length; i++) {
    await page.getByText(`Question ${i + 1} of ${cards.length}`).waitFor();
    await page.keyboard.press("Enter"); // "Show question" has the focus
    const question = (await page.getByTestId("flash-question").textContent()) ?? "";
    await page.getByRole("heading", { name: "Which is the answer?" }).waitFor();
    const options = (await page.getByRole("main").getByRole("button").allTextContents()).map((text) =>
      text.replace(/^\d\s*/, ""),
    );
    const right = answerOf(cards, question);
    const pick = i === wrongAt ? options.findIndex((o) => o !== right) : options.indexOf(right);
    await page.keyboard.press(String(pick + 1));
    if (i === wrongAt) return { question, right, chosen: options[pick] ?? "" };
  }
  return null;
}
