/**
 * Issue #24 item 7, the study modes' defects: tiles, matching, multiple choice and the test. Each
 * test fails on the code before the fix; both languages, Japanese at phone width.
 */
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { type CardFixture, createDeckFixture, type DeckFixture } from "../harness/fixtures";
import { expectAccessible, setupBrowser } from "./support/browser";
import { answerOf, FOUR_CARDS } from "./support/study";

const session = setupBrowser();
const baseURL = inject("baseURL");
const DESK = { viewport: { width: 1280, height: 800 } };
const JA_PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: "ja-JP" };

const LONG: CardFixture[] = [
  { question: "Donaudampfschifffahrtsgesellschaftskapitän", answer: "captain of a steamship company" },
  {
    question: "Rindfleischetikettierung",
    answer: "the law on the supervision of beef labelling, a very long name for a law that was later repealed",
  },
  { question: "Schadenfreude", answer: "joy at another's misfortune" },
  { question: "Kummerspeck", answer: "weight gained from eating out of grief" },
];

let deck: DeckFixture;
let long: DeckFixture;
beforeAll(async () => {
  deck = await createDeckFixture(baseURL, FOUR_CARDS);
  long = await createDeckFixture(baseURL, LONG);
});
const pathOf = (fixture: DeckFixture, language: "en" | "ja", mode: string) =>
  `/${language}/courses/${fixture.courseId}/decks/${fixture.deckId}/${mode}`;

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const boxOf = async (locator: Locator): Promise<Box> => {
  const box = await locator.boundingBox();
  if (!box) throw new Error("not on screen");
  return box;
};

describe("tile game", () => {
  const board = (page: Page) => page.getByRole("region", { name: /Tile board|タイルボード/ });
  const tile = (page: Page, text: string) => board(page).getByRole("button", { name: text, exact: true });
  /** The tiles another tile overlaps, once every tile has stopped moving. */
  const coveredBy = async (page: Page, text: string) => {
    await page.waitForTimeout(450); // the removal check (200 ms), then the glide back (200 ms)
    const boxes = await board(page)
      .getByRole("button")
      .evaluateAll((buttons) =>
        buttons.map((b) => {
          const r = b.getBoundingClientRect();
          return { text: b.textContent ?? "", x: r.x, y: r.y, width: r.width, height: r.height };
        }),
      );
    const me = boxes.find((b) => b.text === text);
    if (!me) throw new Error(`no tile ${text}`);
    return boxes.filter((b) => b !== me && overlap(me, b)).map((b) => b.text);
  };

  it("sends a tile dropped on the wrong partner back to a free place (mouse), on a board sized to the deck", async () => {
    const page = await session.newPage(DESK);
    await session.visit(page, pathOf(deck, "en", "tile_game"));
    await page.getByRole("button", { name: "Start" }).click();
    await page.getByText("4 pairs left").waitFor();

    // A small deck's board is not mostly empty.
    const area = await boxOf(board(page));
    let tiles = 0;
    for (const button of await board(page).getByRole("button").all()) {
      const box = await boxOf(button);
      tiles += box.width * box.height;
    }
    expect(tiles / (area.width * area.height)).toBeGreaterThan(0.25);

    const from = await boxOf(tile(page, "uno"));
    const to = await boxOf(tile(page, "two"));
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
    await page.mouse.up();
    await page.getByText("Not a pair: “uno” and “two”.").waitFor();
    expect(await coveredBy(page, "uno")).toEqual([]);
    // Back where it was picked up (on the board: the line above it may have changed height).
    const [now, boardNow] = [await boxOf(tile(page, "uno")), await boxOf(board(page))];
    expect(now.x - boardNow.x).toBeCloseTo(from.x - area.x, 0);
    expect(now.y - boardNow.y).toBeCloseTo(from.y - area.y, 0);
    await expectAccessible(page);
  });

  it("does the same for a finger, in Japanese on a phone", async () => {
    const page = await session.newPage(JA_PHONE);
    await session.visit(page, pathOf(deck, "ja", "tile_game"));
    await page.getByRole("button", { name: "スタート" }).tap();
    await page.getByText("残り4組").waitFor();
    const from = await boxOf(tile(page, "uno"));
    const to = await boxOf(tile(page, "two"));
    // Real touches through the browser: it makes the pointer events a finger makes.
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: "touchStart" | "touchMove" | "touchEnd", x: number, y: number) =>
      cdp.send("Input.dispatchTouchEvent", {
        type,
        touchPoints: type === "touchEnd" ? [] : [{ x: Math.round(x), y: Math.round(y) }],
      });
    await touch("touchStart", from.x + from.width / 2, from.y + from.height / 2);
    for (let step = 1; step <= 8; step++) {
      const x = from.x + from.width / 2 + ((to.x - from.x) * step) / 8;
      const y = from.y + from.height / 2 + ((to.y - from.y) * step) / 8;
      await touch("touchMove", x, y);
    }
    await touch("touchEnd", 0, 0);
    await page.getByText("「uno」と「two」は組ではありません。").waitFor();
    expect(await coveredBy(page, "uno")).toEqual([]);
    await expectAccessible(page);
  });

  for (const [language, options] of [
    ["en", DESK],
    ["ja", JA_PHONE],
  ] as const) {
    it(`never cuts a long word or answer unseen, and shows it whole when selected (${language})`, async () => {
      const page = await session.newPage(options);
      await session.visit(page, pathOf(long, language, "tile_game"));
      await page.getByRole("button", { name: language === "en" ? "Start" : "スタート" }).click();
      await board(page).getByRole("button").first().waitFor();
      const texts = await board(page)
        .locator("[data-tile-text]")
        .evaluateAll((spans) =>
          spans.map((span) => ({
            text: span.textContent ?? "",
            title: span.closest("button")?.title,
            wide: span.scrollWidth > span.clientWidth,
            tall: span.scrollHeight > span.clientHeight,
            clamp: getComputedStyle(span).webkitLineClamp,
            ellipsis: getComputedStyle(span).textOverflow,
          })),
        );
      expect(texts).toHaveLength(8);
      for (const text of texts) {
        // Text longer than the tile ends in an ellipsis; shorter text has no word past the tile's edge.
        if (text.tall) expect([text.clamp, text.ellipsis]).toEqual(["3", "ellipsis"]);
        else expect(text.wide, text.text).toBe(false);
        expect(text.title).toBe(text.text);
      }
      const longest = LONG[1]?.answer ?? "";
      await tile(page, longest).click();
      await page.getByText(language === "en" ? `Selected: “${longest}”` : `選択中：「${longest}」`).waitFor();
      await expectAccessible(page);
    });
  }
});

describe("matching", () => {
  const questionsOf = async (page: Page) =>
    (
      await page
        .getByRole("region", { name: /Questions|問題/ })
        .getByRole("listitem")
        .allTextContents()
    ).map((text) => text.replace(/^\d+\.\s*/, ""));
  const selects = (page: Page) => page.getByRole("region", { name: /Answers|答え/ }).getByRole("combobox");
  const chosenNumbers = async (page: Page) =>
    (await selects(page).evaluateAll((all) => all.map((s) => (s as HTMLSelectElement).value))).filter(Boolean);

  it("keeps one number on one answer however it is chosen, pairs by clicking, and lines rows up", async () => {
    const page = await session.newPage(DESK);
    await session.visit(page, pathOf(deck, "en", "matching"));
    const questions = await questionsOf(page);
    const numberOf = (answer: string) =>
      String(questions.findIndex((question) => answerOf(FOUR_CARDS, question) === answer) + 1);
    const select = (answer: string) => page.getByLabel(`Question number for “${answer}”`);

    // Each question's row lines up with the answer's row beside it.
    const left = page.getByRole("region", { name: "Questions" }).getByRole("listitem");
    const right = page.getByRole("region", { name: "Answers" }).getByRole("listitem");
    for (let i = 0; i < 4; i++) {
      const [a, b] = [await boxOf(left.nth(i)), await boxOf(right.nth(i))];
      expect(Math.abs(a.y - b.y)).toBeLessThan(1);
      expect(Math.abs(a.height - b.height)).toBeLessThan(1);
    }

    // Arrow keys in a closed list: "one" gets 1, then "two" takes 1 by the keyboard too.
    await select("one").focus();
    await page.keyboard.press("ArrowDown");
    expect(await select("one").inputValue()).toBe("1");
    await select("two").focus();
    await page.keyboard.press("ArrowDown");
    expect(await select("two").inputValue()).toBe("1");
    expect(await select("one").inputValue()).toBe("");
    // Typing the number.
    await select("three").focus();
    await page.keyboard.type("1");
    expect(await chosenNumbers(page)).toEqual(["1"]);
    expect(await select("three").inputValue()).toBe("1");

    // Clicking a question, then an answer, sets that answer's list (and moves the number).
    await page.getByRole("button", { name: new RegExp(`^${numberOf("one")}\\.`) }).click();
    await page.getByRole("button", { name: "one", exact: true }).click();
    expect(await select("one").inputValue()).toBe(numberOf("one"));
    // The other way round, and from the keyboard: Enter on an answer, then on a question.
    await page.getByRole("button", { name: "two", exact: true }).focus();
    await page.keyboard.press("Enter");
    expect(await page.getByRole("button", { name: "two", exact: true }).getAttribute("aria-pressed")).toBe("true");
    await page.getByRole("button", { name: new RegExp(`^${numberOf("two")}\\.`) }).focus();
    await page.keyboard.press("Enter");
    expect(await select("two").inputValue()).toBe(numberOf("two"));
    await select("three").selectOption(numberOf("three"));
    const numbers = await chosenNumbers(page);
    expect(new Set(numbers).size).toBe(numbers.length);

    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByText("No answer selected").waitFor();
    expect(await page.getByText("✓ Correct").count()).toBe(3);
    await page.getByRole("status").getByText("3/4").waitFor();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Restart" }).click();
    expect(await chosenNumbers(page)).toEqual([]);
  });

  it("shows the questions with the answers at phone width, and pairs by tapping (Japanese)", async () => {
    const page = await session.newPage(JA_PHONE);
    await session.visit(page, pathOf(deck, "ja", "matching"));
    const questions = await questionsOf(page);
    const last = selects(page).last();
    await last.scrollIntoViewIfNeeded();
    // The last answer's list and the first question are on the screen together.
    const firstQuestion = page.getByRole("button", { name: /^1\./ });
    for (const box of [await boxOf(last), await boxOf(firstQuestion)]) {
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(844);
    }
    const answerTexts = await page.getByRole("region", { name: "答え" }).getByRole("button").allTextContents();
    const lastAnswer = answerTexts[answerTexts.length - 1] ?? "";
    const wrongNumber = questions.findIndex((q) => answerOf(FOUR_CARDS, q) !== lastAnswer) + 1;
    await page.getByRole("button", { name: new RegExp(`^${wrongNumber}\\.`) }).tap();
    await page.getByRole("button", { name: lastAnswer, exact: true }).tap();
    expect(await last.inputValue()).toBe(String(wrongNumber));
    // A phone's own picker ends in the same change: choosing the number again elsewhere moves it.
    await selects(page).first().selectOption(String(wrongNumber));
    expect(await chosenNumbers(page)).toEqual([String(wrongNumber)]);
    expect(await last.inputValue()).toBe("");
    await page.getByRole("button", { name: new RegExp(`^${wrongNumber}\\.`) }).tap();
    await page.getByRole("button", { name: lastAnswer, exact: true }).tap();
    expect(await chosenNumbers(page)).toEqual([String(wrongNumber)]);
    await page.getByRole("button", { name: "答え合わせ" }).tap();
    await page.getByText("答えが選択されていません").first().waitFor();
    await page.getByText(/あなたの答えは「.+」、正解は「.+」/).waitFor();
    await expectAccessible(page);
  });
});

describe("multiple choice", () => {
  const picked = (page: Page) => page.locator("label[data-picked]");

  it("chooses with keys 1 to 4, shows the choice clearly, and checks as you go once asked (remembered)", async () => {
    const page = await session.newPage(DESK);
    await session.visit(page, pathOf(deck, "en", "multiple_choice"));
    const groups = page.getByRole("group");
    // From the page: the first open question.
    await page.keyboard.press("2");
    expect(await groups.nth(0).getByRole("radio").nth(1).isChecked()).toBe(true);
    // From inside a question: that question.
    await groups.nth(2).getByRole("radio").first().focus();
    await page.keyboard.press("4");
    expect(await groups.nth(2).getByRole("radio").nth(3).isChecked()).toBe(true);
    expect(await groups.nth(0).getByRole("radio").nth(1).isChecked()).toBe(true);

    // The choice is more than the radio's dot: a border, a background and a check mark.
    expect(await picked(page).count()).toBe(2);
    const style = (label: Locator) =>
      label.evaluate((l) => `${getComputedStyle(l).backgroundColor} ${getComputedStyle(l).borderColor}`);
    const plain = groups.nth(0).locator("label").first();
    expect(await style(picked(page).first())).not.toBe(await style(plain));
    await picked(page).first().getByText("✓").waitFor();

    await page.getByRole("checkbox", { name: "Check each answer as I go" }).check();
    // Already answered: checked at once.
    await page.getByText(/^Answered: 2 of 4 · Right: \d$/).waitFor();
    expect(await groups.nth(0).getByRole("radio").first().isDisabled()).toBe(true);
    await page.reload();
    await page.getByRole("group").first().waitFor();
    expect(await page.getByRole("checkbox", { name: "Check each answer as I go" }).isChecked()).toBe(true);
    const first = groups.nth(0);
    const question = ((await first.locator("legend").textContent()) ?? "").replace(/^\d+\.\s*/, "");
    await first.getByRole("radio", { name: answerOf(FOUR_CARDS, question), exact: true }).check();
    await first.getByText("Correct", { exact: true }).waitFor();
    expect(await first.getByRole("radio").first().isDisabled()).toBe(true);
    await page.getByText("Answered: 1 of 4 · Right: 1").waitFor();
    // The focus went on to the next question, not to the page.
    expect(await page.evaluate(() => document.activeElement?.closest("fieldset") !== null)).toBe(true);
    await expectAccessible(page);
  });

  it("in Japanese on a phone, in the dark theme", async () => {
    const page = await session.newPage({ ...JA_PHONE, colorScheme: "dark" });
    await session.visit(page, pathOf(deck, "ja", "multiple_choice"));
    await page.getByRole("checkbox", { name: "答えるたびに正誤を確認する" }).tap();
    const first = page.getByRole("group").first();
    const question = ((await first.locator("legend").textContent()) ?? "").replace(/^\d+\.\s*/, "");
    const wrong = (await first.getByRole("radio").evaluateAll((r) => r.map((i) => (i as HTMLInputElement).value))).find(
      (value) => value !== answerOf(FOUR_CARDS, question),
    );
    await first.locator("label", { hasText: wrong }).tap();
    await first.getByText("不正解", { exact: true }).waitFor();
    await first.getByText("正解", { exact: true }).waitFor();
    await page.getByText("回答済み：1／4問・正解：0問").waitFor();
    await expectAccessible(page);
  });
});

describe("the test", () => {
  it("counts the questions while answering, and does not call the first one the next (English)", async () => {
    const page = await session.newPage(DESK);
    await session.visit(page, pathOf(deck, "en", "test"));
    await page.getByRole("button", { name: "Begin test" }).click();
    await page.getByRole("heading", { name: "First question" }).waitFor();
    for (let i = 0; i < 2; i++) {
      await page.getByRole("button", { name: "Show question" }).click();
      const question = (await page.getByTestId("flash-question").textContent()) ?? "";
      await page.getByRole("heading", { name: "Which is the answer?" }).waitFor();
      await page.getByText(`Question ${i + 1} of 4`).waitFor();
      const options = (await page.getByRole("main").getByRole("button").allTextContents()).map((t) =>
        t.replace(/^\d\s*/, ""),
      );
      await page.keyboard.press(String(options.indexOf(answerOf(FOUR_CARDS, question)) + 1));
      if (i === 0) await page.getByRole("heading", { name: "Next question" }).waitFor();
    }
    await expectAccessible(page);
  });

  it("on a phone, no option looks chosen on arrival (Japanese)", async () => {
    const page = await session.newPage(JA_PHONE);
    await session.visit(page, pathOf(deck, "ja", "test"));
    await page.getByRole("button", { name: "テストを始める" }).tap();
    await page.getByRole("heading", { name: "最初の問題" }).waitFor();
    await page.getByRole("button", { name: "問題を表示" }).tap();
    const heading = page.getByRole("heading", { name: "答えはどれですか？" });
    await heading.waitFor();
    await page.getByText("第1問（全4問）").waitFor();
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("H2");
    expect(
      await page
        .getByRole("main")
        .getByRole("button")
        .evaluateAll((b) => b.some((x) => x.matches(":focus"))),
    ).toBe(false);
    await expectAccessible(page);
  });
});

describe("deck editor and course tags", () => {
  /** Pastes text into a field the way a browser does: a paste event carrying the clipboard's text. */
  const paste = (field: Locator, text: string) =>
    field.evaluate((element, pasted) => {
      (element as HTMLElement).focus();
      const data = new DataTransfer();
      data.setData("text/plain", pasted);
      element.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    }, text);

  it("offers to split tab-separated lines pasted into a question into cards, or keeps them as text", async () => {
    const author = await createDeckFixture(baseURL, FOUR_CARDS);
    const page = await session.signedInPage(author.cookie, DESK);
    await session.visit(page, `/en/courses/${author.courseId}`);
    await page.getByRole("button", { name: "Create deck" }).click();
    const dialog = page.getByRole("dialog");
    await paste(dialog.getByLabel("Question 1", { exact: true }), "uno\tone\ndos\ttwo\ntres\tthree");
    await dialog.getByText("You pasted 3 lines with a tab between question and answer.", { exact: false }).waitFor();
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Make 3 cards" }).click();
    expect(await dialog.getByLabel("Question 3", { exact: true }).inputValue()).toBe("tres");
    expect(await dialog.getByLabel("Answer 3", { exact: true }).inputValue()).toBe("three");
    expect(await dialog.getByLabel("Question 4", { exact: true }).count()).toBe(0);
    // Keeping it as text puts the lines in the field, where the cursor was.
    await dialog.getByRole("button", { name: "Add a card" }).click();
    const fourth = dialog.getByLabel("Question 4", { exact: true });
    await paste(fourth, "a\tb\nc\td");
    await dialog.getByRole("button", { name: "Paste as text" }).click();
    expect(await fourth.inputValue()).toBe("a\tb\nc\td");
    // One line is not offered: it is pasted as it is.
    await paste(dialog.getByLabel("Answer 1", { exact: true }), "x\ty\nz\tw");
    expect(await dialog.getByRole("button", { name: /^Make \d+ cards$/ }).count()).toBe(0);
  });

  it("in Japanese at phone width", async () => {
    const author = await createDeckFixture(baseURL, FOUR_CARDS);
    const page = await session.signedInPage(author.cookie, JA_PHONE);
    await session.visit(page, `/ja/courses/${author.courseId}`);
    await page.getByRole("button", { name: "デッキを作成" }).tap();
    const dialog = page.getByRole("dialog");
    await paste(dialog.getByLabel("問題 1", { exact: true }), "一\tいち\n二\tに");
    await dialog.getByText("問題と答えをタブで区切った2行を貼り付けました。", { exact: false }).waitFor();
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "2枚のカードにする" }).tap();
    expect(await dialog.getByLabel("答え 2", { exact: true }).inputValue()).toBe("に");
  });

  for (const [language, options, texts] of [
    ["en", DESK, { edit: "Edit course", tags: "Tags", save: "Save changes" }],
    ["ja", JA_PHONE, { edit: "コースを編集", tags: "タグ", save: "変更を保存" }],
  ] as const) {
    it(`makes tags typed with commas several tags, and tags differing in case one (${language})`, async () => {
      const author = await createDeckFixture(baseURL, FOUR_CARDS);
      const word = `Nihongo${crypto.randomUUID().slice(0, 4)}`;
      const page = await session.signedInPage(author.cookie, options);
      await session.visit(page, `/${language}/courses/${author.courseId}`);
      await page.getByRole("button", { name: texts.edit }).click();
      const dialog = page.getByRole("dialog");
      const field = dialog.getByLabel(texts.tags, { exact: true });
      await field.fill(language === "en" ? `${word}, kana` : `${word}、かな`);
      await field.press("Enter");
      await field.fill(word.toLowerCase());
      await field.press(",");
      const chips = dialog.getByRole("list", { name: language === "en" ? "Added tags" : "追加したタグ" });
      const kana = language === "en" ? "kana" : "かな";
      expect(await chips.getByRole("listitem").allTextContents()).toEqual([`${word}×`, `${kana}×`]);
      await expectAccessible(page);
      await dialog.getByRole("button", { name: texts.save }).click();
      await dialog.waitFor({ state: "detached" });
      const tags = page.getByRole("list").filter({ hasText: kana });
      await expect.poll(() => tags.getByRole("listitem").allTextContents()).toEqual([word, kana]);
    });
  }
});
