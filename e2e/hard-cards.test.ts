/**
 * Hard cards (issue #23, decision 0045) as a learner and an author meet them. Five learners answer an
 * author's deck through the API with past answer times (as offline devices would send them): each
 * lapse is an Again on a learned card, then a Good the next day, one answer a day. The first learner
 * forgets one card 8 times (a leech) and another 7 times (not one). The learner reads their leeches
 * in Statistics (English, desktop) and at the end of a review (Japanese, phone); the author reads the
 * deck's hardest cards on its page (Japanese, phone), a card answered by 4 learners left out.
 */
import { beforeAll, describe, expect, inject, it } from "vitest";
import { type CardFixture, createDeckFixture, type DeckFixture } from "../harness/fixtures";
import { PHONE, setupBrowser } from "./support/browser";

const session = setupBrowser();
const DAY_MS = 24 * 60 * 60 * 1000;

const CARDS: CardFixture[] = [
  { question: "el murciélago", answer: "the bat" },
  { question: "la ardilla", answer: "the squirrel" },
  { question: "el caracol", answer: "the snail" },
  { question: "la tortuga", answer: "the turtle" },
];

/**
 * Answers to one card, one a day from `startDaysAgo`: Easy learns it, then each lapse is Again on
 * the learned card two days later and Good the day after.
 */
function history(cardId: number, lapses: number, startDaysAgo: number) {
  const days = [{ day: 0, grade: 4 }];
  for (let i = 0; i < lapses; i++) days.push({ day: 2 + 3 * i, grade: 1 }, { day: 3 + 3 * i, grade: 3 });
  return days.map(({ day, grade }) => ({
    id: crypto.randomUUID(),
    cardId,
    mode: "review",
    grade,
    answeredAt: new Date(Date.now() - (startDaysAgo - day) * DAY_MS).toISOString(),
  }));
}

let author: DeckFixture;
let learners: DeckFixture[];

beforeAll(async () => {
  const baseURL = inject("baseURL");
  author = await createDeckFixture(baseURL, CARDS);
  // Each learner is an account of its own (with a deck of its own nobody studies).
  learners = [];
  for (let i = 0; i < 5; i++) learners.push(await createDeckFixture(baseURL, CARDS));
  const deck = (await (await fetch(`${baseURL}/api/decks/${author.deckId}`)).json()) as {
    flashcards: { id: number }[];
  };
  const [bat, squirrel, snail, turtle] = deck.flashcards.map((card) => card.id) as [number, number, number, number];

  // Bat: forgotten by three of five learners (8 + 1 + 1 times). Squirrel: by one (7 times). Snail:
  // answered by four learners only. Turtle: by all five, never forgotten.
  const answers = (n: number) => [
    ...history(bat, n === 0 ? 8 : n <= 2 ? 1 : 0, 100),
    ...history(squirrel, n === 0 ? 7 : 0, 99),
    ...(n === 4 ? [] : history(snail, 0, 98)),
    ...history(turtle, 0, 97),
  ];
  for (const [n, learner] of learners.entries()) {
    const res = await fetch(`${baseURL}/api/reviews/batch`, {
      method: "POST",
      headers: { origin: baseURL, cookie: learner.cookie, "content-type": "application/json" },
      body: JSON.stringify({ reviews: answers(n) }),
    });
    expect(res.status).toBe(200);
  }
});

describe("hard cards", () => {
  it("lists a learner's leeches in Statistics, each linking to its deck (English, desktop)", async () => {
    const [learner] = learners;
    if (!learner) throw new Error("no learner");
    const page = await session.signedInPage(learner.cookie, { viewport: { width: 1280, height: 800 } });
    await session.visit(page, "/en/stats");
    const leeches = page.getByRole("region", { name: "Leeches: cards you keep forgetting" });
    await leeches.getByText("1 card is a leech.").waitFor();
    const items = leeches.getByRole("listitem");
    expect(await items.count()).toBe(1);
    expect((await items.first().innerText()).replace(/\s+/g, " ")).toMatch(
      /^el murciélago Answer: the bat Forgotten 8 times Fixture \S+ · Numbers$/,
    );
    // The card forgotten 7 times is no leech.
    expect(await leeches.getByText("la ardilla").count()).toBe(0);

    await items.first().getByRole("link", { name: "Numbers" }).click();
    await page.getByRole("heading", { level: 1, name: "Numbers" }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/en/courses/${author.courseId}/decks/${author.deckId}`);
    // A learner of the deck is not its author: no figures of other learners.
    await page.getByRole("heading", { name: /^Flashcards/ }).waitFor();
    expect(await page.getByRole("heading", { name: "Hardest cards for learners" }).count()).toBe(0);

    // Their own deck, which nobody else has answered: the floor is explained.
    await session.visit(page, `/en/courses/${learner.courseId}/decks/${learner.deckId}`);
    const own = page.getByRole("region", { name: "Hardest cards for learners" });
    await own.getByText("Shown once 5 learners have answered a card.").waitFor();
    expect(await own.getByRole("table").count()).toBe(0);
  });

  it("shows the leeches at the end of a review (Japanese, phone)", async () => {
    const [learner] = learners;
    if (!learner) throw new Error("no learner");
    const page = await session.signedInPage(learner.cookie, PHONE);
    await session.visit(page, `/ja/review?course=${author.courseId}`);
    // Whatever is due is answered "Good" until the session is over.
    const done = page.getByRole("heading", { level: 2, name: /^(復習が終わりました|いま復習するカードはありません)/ });
    for (let i = 0; i < 10 && !(await done.isVisible()); i++) {
      const show = page.getByRole("button", { name: "答えを表示" });
      await show.or(done).first().waitFor();
      if (await done.isVisible()) break;
      await show.click();
      await page.keyboard.press("3");
    }
    await done.waitFor();
    const leeches = page.getByRole("region", { name: "何度も忘れるカード（リーチ）" });
    await leeches.getByText("リーチ：1枚").waitFor();
    await leeches.getByText("忘れた回数：8回").waitFor();
    await leeches.getByText("el murciélago").waitFor();
    await leeches.getByRole("link", { name: "Numbers" }).waitFor();
  });

  it("shows the author the deck's hardest cards, none below 5 learners (Japanese, phone)", async () => {
    const page = await session.signedInPage(author.cookie, PHONE);
    await session.visit(page, `/ja/courses/${author.courseId}/decks/${author.deckId}`);
    const section = page.getByRole("region", { name: "学習者が苦戦しているカード" });
    const table = section.getByRole("table", { name: "学習者が苦戦しているカード" });
    await table.waitFor();
    const rows = await table
      .locator("tr")
      .evaluateAll((trs) =>
        trs.map((tr) => [...tr.children].map((cell) => (cell as HTMLElement).innerText.replace(/\s+/g, " ").trim())),
      );
    expect(rows).toEqual([
      ["カード", "忘れた学習者", "忘れた回数"],
      ["el murciélago 答え： the bat", "60% 5人中3人", "10"],
      ["la ardilla 答え： the squirrel", "20% 5人中1人", "7"],
    ]);
    await section.getByText("1枚のカードはまだ表示されていません。5人の学習者が回答すると表示されます。").waitFor();
    // No learner is named anywhere in the section.
    const text = await section.innerText();
    for (const learner of learners) expect(text).not.toContain(learner.email);
    // The table fits the phone's width.
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
  });
});
