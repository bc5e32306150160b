/**
 * Issue #14, the defects and the study flow: each test fails on the code before the fix.
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { addCourse, addDeck, type CardFixture, createDeckFixture, type DeckFixture } from "../harness/fixtures";
import { followMailLink, newEmail, signIn, signOut, signUp } from "./support/accounts";
import { expectAccessible, PHONE, setupBrowser } from "./support/browser";
import { answerOf, FOUR_CARDS, takeTest } from "./support/study";

const session = setupBrowser();
const baseURL = inject("baseURL");

let deck: DeckFixture;
let deckPath: string;
beforeAll(async () => {
  deck = await createDeckFixture(baseURL, FOUR_CARDS);
  deckPath = `/en/courses/${deck.courseId}/decks/${deck.deckId}`;
});

/** The boxes of every tile on the board, with whether each tile's text fits inside it. */
const tilesOf = (page: Page) =>
  page
    .getByRole("region", { name: /Tile board/ })
    .getByRole("button")
    .evaluateAll((buttons) =>
      buttons.map((button) => {
        const box = button.getBoundingClientRect();
        return {
          text: button.textContent ?? "",
          x: box.x,
          y: box.y,
          width: box.width,
          height: box.height,
          fits: button.scrollWidth <= button.clientWidth && button.scrollHeight <= button.clientHeight,
        };
      }),
    );

type TileBox = Awaited<ReturnType<typeof tilesOf>>[number];
const overlap = (a: TileBox, b: TileBox) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe("tile game (item 2)", () => {
  const BIG: CardFixture[] = Array.from({ length: 50 }, (_, i) => ({
    question: `Switzerland ${i + 1}`,
    answer: `Copenhagen ${i + 1}`,
  }));
  let big: DeckFixture;
  beforeAll(async () => {
    big = await createDeckFixture(baseURL, BIG);
  });

  for (const [label, options] of [
    ["at 360 px", PHONE],
    ["at 1280 px", { viewport: { width: 1280, height: 800 } }],
  ] as const) {
    it(`deals 50 cards in legible rounds that never start overlapping, with a clock and pairs left, ${label}`, async () => {
      const page = await session.newPage(options);
      await session.visit(page, `/en/courses/${big.courseId}/decks/${big.deckId}/tile_game`);
      await page.getByRole("button", { name: "Start" }).click();
      await page.getByText("50 pairs left").waitFor();
      await page.getByText(/^Round 1 of \d+$/).waitFor();

      const tiles = await tilesOf(page);
      expect(tiles.length).toBeGreaterThanOrEqual(4);
      expect(tiles.length).toBeLessThan(100);
      for (const tile of tiles) {
        expect(tile.width, tile.text).toBeGreaterThanOrEqual(80);
        expect(tile.fits, `“${tile.text}” is cut`).toBe(true);
      }
      const overlapping = tiles.flatMap((a, i) =>
        tiles
          .slice(i + 1)
          .filter((b) => overlap(a, b))
          .map((b) => [a, b]),
      );
      expect(overlapping).toEqual([]);

      // The clock runs.
      const clock = page.getByRole("timer");
      const first = await clock.textContent();
      expect(first).toMatch(/^Time: \d+\.\d s$/);
      await expect.poll(() => clock.textContent()).not.toBe(first);
      await expectAccessible(page);
    });
  }

  it("says so when a tile is dropped on the wrong partner, and counts down the pairs", async () => {
    const page = await session.newPage();
    await session.visit(page, `${deckPath}/tile_game`);
    await page.getByRole("button", { name: "Start" }).click();
    const tile = (text: string) =>
      page.getByRole("region", { name: /Tile board/ }).getByRole("button", { name: text, exact: true });
    await page.getByText("4 pairs left").waitFor();

    const from = await tile("uno").boundingBox();
    const to = await tile("two").boundingBox();
    if (!from || !to) throw new Error("tile not on screen");
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
    await page.mouse.up();
    await page.getByText("Not a pair: “uno” and “two”.").waitFor();
    expect(await tile("uno").count()).toBe(1);

    await tile("dos").focus();
    await page.keyboard.press("Enter");
    await tile("two").focus();
    await page.keyboard.press("Enter");
    await page.getByText("3 pairs left").waitFor();
    await tile("tres").focus();
    await page.keyboard.press("Enter");
    await tile("one").focus();
    await page.keyboard.press("Enter");
    await page.getByText("Not a pair: “tres” and “one”.").waitFor();
    await page.getByText("Tab to a tile and press Enter, then do the same on its partner.").waitFor();
  });
});

describe("alphabetical order (item 3)", () => {
  it("sorts my courses as people read: case-insensitive and by number", async () => {
    const owner = await createDeckFixture(baseURL, FOUR_CARDS);
    const tag = crypto.randomUUID().slice(0, 4);
    for (const name of [`course 10 ${tag}`, `Zebra ${tag}`, `Course 2 ${tag}`, `apple ${tag}`]) {
      await addCourse(baseURL, owner.cookie, name);
    }
    const page = await session.newPage();
    await session.visit(page, "/en/");
    await signIn(page, owner.email, owner.password);
    await page.getByRole("button", { name: `Account menu for ${owner.email}` }).waitFor();
    await session.visit(page, "/en/my_courses?sort=name");
    const grid = page.getByRole("list", { name: "My courses" });
    await grid.getByRole("heading", { name: `Zebra ${tag}` }).waitFor();
    const names = (await grid.getByRole("heading").allTextContents()).filter((name) => name.endsWith(tag));
    expect(names).toEqual([`apple ${tag}`, `Course 2 ${tag}`, `course 10 ${tag}`, `Zebra ${tag}`]);
  });
});

describe("passed screen (item 4)", () => {
  it("says the pass was not saved when recording it fails, and saves it on retry", async () => {
    const page = await session.newPage();
    await session.visit(page, `${deckPath}/test`);
    await signIn(page, deck.email, deck.password);
    await page.getByRole("button", { name: `Account menu for ${deck.email}` }).waitFor();
    // The connection drops as the pass is sent (the server never hears of it).
    const progress = `**/api/progress/${deck.deckId}`;
    await page.route(progress, (route) => route.abort("connectionfailed"));
    await takeTest(page, FOUR_CARDS);
    await page.getByRole("heading", { name: "You passed!" }).waitFor();
    await page
      .getByRole("alert")
      .getByText("Your pass is kept on this device, but the server has not received it yet", { exact: false })
      .waitFor();
    expect(await page.getByText("This deck is now marked as completed.").count()).toBe(0);
    await expectAccessible(page);

    await page.unroute(progress);
    await page.getByRole("button", { name: "Try saving again" }).click();
    await page.getByRole("status").getByText("This deck is now marked as completed.").waitFor();
    await page.getByRole("link", { name: "Back to course" }).click();
    await page
      .getByRole("link", { name: /1\. Numbers/ })
      .getByRole("img", { name: "Completed" })
      .waitFor();
    // The course's only deck passed: Home says it is complete, not that nothing was passed (#23).
    await session.visit(page, "/en/home");
    await page
      .getByText("No courses in progress: you have completed 1 course, every deck passed.", { exact: false })
      .waitFor();
  });
});

describe("landing page (item 5)", () => {
  it("takes a move made within 0.8 s of the page loading", async () => {
    // 800 px high: the first section fits whole whatever fonts the machine has (a section taller
    // than the window scrolls within first, which is another rule than the one tested here).
    const page = await session.newPage({ viewport: { width: 1280, height: 800 } });
    // The page's clock stands still from before it loads: 0.3 s of its time pass in all.
    const start = new Date("2026-06-01T10:00:00Z");
    await page.clock.install({ time: start });
    await page.clock.pauseAt(new Date(start.getTime() + 10));
    await page.goto("/en/");
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    await page.clock.runFor(300);
    expect(await page.evaluate(() => performance.now())).toBeLessThan(800);
    const position = page.getByRole("navigation", { name: "Page sections" }).locator("[aria-live]");
    expect(await position.textContent()).toBe("Section 1 of 4");
    const first = page.locator("[data-landing-section]").first();
    expect(await first.evaluate((section) => section.scrollHeight <= section.clientHeight + 1)).toBe(true);
    try {
      await page.mouse.move(400, 400);
      await page.mouse.wheel(0, 300);
      await expect.poll(() => position.textContent(), { timeout: 10_000 }).toBe("Section 2 of 4");
    } finally {
      await page.clock.resume(); // time flows again for the accessibility check after the test, pass or fail
    }
  });
});

describe("confirmation link sent again at sign-in (item 6)", () => {
  it("ends on the confirm page, which says the address is confirmed", async () => {
    const email = newEmail("later");
    const page = await session.newPage();
    await session.visit(page, "/en/");
    await signUp(page, email, "long-enough-1");
    await page.getByRole("dialog").getByText("we sent a confirmation link").waitFor();
    await page.keyboard.press("Escape");
    await signIn(page, email, "long-enough-1");
    await page.getByRole("dialog").getByRole("alert").getByText("Confirm your email address first").waitFor();

    // The newest mail is the one the sign-in sent.
    await followMailLink(page, email);
    await page.waitForURL((url) => url.pathname === "/confirm-signup");
    await page.getByRole("status").getByText("Your email address is confirmed and you are signed in.").waitFor();
  });
});

describe("flip cards", () => {
  it("keeps Space and the arrows after the Shuffle box is clicked (item 8)", async () => {
    const page = await session.newPage();
    await session.visit(page, `${deckPath}/flashcards`);
    await page.getByText("(1/4)").waitFor();
    await page.getByLabel("Shuffle").click();
    expect(await page.getByLabel("Shuffle").isChecked()).toBe(true);
    await page.keyboard.press("Space");
    await page.getByRole("button", { name: /^Answer / }).waitFor();
    // Space flipped the card and left the box as it was.
    expect(await page.getByLabel("Shuffle").isChecked()).toBe(true);
    await page.keyboard.press("ArrowRight");
    await page.getByText("(2/4)").waitFor();
  });

  it("moves on when a card is marked, by key, button or swipe, with a progress bar (study flow)", async () => {
    const page = await session.newPage();
    await session.visit(page, `${deckPath}/flashcards`);
    const progress = page.getByRole("progressbar");
    expect(await progress.getAttribute("value")).toBe("0");
    await page.keyboard.press("ArrowUp");
    await page.getByText("(2/4)").waitFor();
    await page.getByText("Marked as known").waitFor();
    expect(await progress.getAttribute("value")).toBe("1");
    await page.getByRole("button", { name: "Review again" }).click();
    await page.getByText("(3/4)").waitFor();
    await page.getByText("Marked for review").waitFor();
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowDown");
    await page.getByRole("heading", { name: "You went through all 4 cards" }).waitFor();
    await page.getByText("Known: 2 · To review: 2").waitFor();
  });

  it("marks by swiping up or down on a phone, with the four buttons in one row (study flow)", async () => {
    const page = await session.newPage(PHONE);
    await session.visit(page, `${deckPath}/flashcards`);
    const swipe = async (dy: number) => {
      const card = page.getByRole("button", { name: /^Question / });
      const box = await card.boundingBox();
      if (!box) throw new Error("card not on screen");
      const x = box.x + box.width / 2;
      const y = box.y + box.height / 2;
      await card.dispatchEvent("pointerdown", { pointerType: "touch", clientX: x, clientY: y, isPrimary: true });
      await card.dispatchEvent("pointerup", { pointerType: "touch", clientX: x, clientY: y + dy, isPrimary: true });
    };
    await swipe(-80);
    await page.getByText("(2/4)").waitFor();
    await page.getByText("Marked as known").waitFor();
    await swipe(80);
    await page.getByText("(3/4)").waitFor();
    await page.getByText("Marked for review").waitFor();
    // The hint speaks of taps and swipes, not keys.
    await page.getByText("Tap the card to flip it.", { exact: false }).waitFor();
    expect(await page.getByText("Space flips the card", { exact: false }).count()).toBe(0);

    const buttons = ["Previous", "Review again", "I knew it", "Next"];
    const boxes = await Promise.all(buttons.map((name) => page.getByRole("button", { name }).boundingBox()));
    const tops = boxes.map((box) => Math.round(box?.y ?? -1));
    expect(new Set(tops).size, `tops ${tops}`).toBe(1);
    const right = Math.max(...boxes.map((box) => (box ? box.x + box.width : 0)));
    expect(right).toBeLessThanOrEqual(360);
  });

  it("flips with an animation, and without one under reduced motion (study flow)", async () => {
    const animation = async (page: Page) => {
      await session.visit(page, `${deckPath}/flashcards`);
      await page.keyboard.press("Space");
      await page.getByRole("button", { name: /^Answer / }).waitFor();
      return page
        .getByRole("button", { name: /^Answer / })
        .locator("span")
        .first()
        .evaluate((face) => getComputedStyle(face).animationName);
    };
    expect(await animation(await session.newPage())).not.toBe("none");
    expect(await animation(await session.newPage({ reducedMotion: "reduce" }))).toBe("none");
  });
});

describe("plurals (item 9)", () => {
  it("offers to study the 1 card to review", async () => {
    const page = await session.newPage();
    await session.visit(page, `${deckPath}/flashcards`);
    await page.keyboard.press("ArrowDown");
    for (const n of [2, 3, 4]) {
      await page.getByText(`(${n}/4)`).waitFor();
      await page.keyboard.press("ArrowRight");
    }
    await page.getByRole("button", { name: "Study the 1 card to review" }).waitFor();
  });
});

describe("multiple choice (item 10)", () => {
  it("keeps the score in view and asks before submitting blanks", async () => {
    const page = await session.newPage({ viewport: { width: 1280, height: 800 } });
    await session.visit(page, `${deckPath}/multiple_choice`);
    const tally = page.getByText(/^Answered: \d of 4$/);
    expect(await tally.textContent()).toBe("Answered: 0 of 4");

    // Nothing answered: it asks first, and nothing is marked.
    await page.getByRole("button", { name: "Submit" }).click();
    const ask = page.getByRole("dialog", { name: "Submit with questions unanswered?" });
    await ask.getByText("4 questions have no answer yet.", { exact: false }).waitFor();
    await expectAccessible(page);
    await ask.getByRole("button", { name: "Keep answering" }).click();
    expect(await page.getByTestId("verdict").count()).toBe(0);

    const questions = page.getByRole("group");
    for (let i = 0; i < 4; i++) {
      const group = questions.nth(i);
      const question = ((await group.locator("legend").textContent()) ?? "").replace(/^\d+\.\s*/, "");
      await group.getByRole("radio", { name: answerOf(FOUR_CARDS, question), exact: true }).check();
      await page.getByText(`Answered: ${i + 1} of 4`).waitFor();
    }
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByText("Score: 4/4").waitFor();
    // The score is at the top of the questions, not only below the last.
    const top = await page.getByText("Score: 4/4").boundingBox();
    const firstQuestion = await questions.first().boundingBox();
    expect(top && firstQuestion && top.y < firstQuestion.y).toBe(true);
  });

  it("keeps the Correct badge whole beside long answers at 1280 px", async () => {
    const long = await createDeckFixture(baseURL, [
      { question: "Denmark", answer: "Copenhagen, on the islands of Zealand and Amager by the Øresund strait" },
      { question: "Iceland", answer: "Reykjavík, on the southern shore of Faxaflói bay in the southwest" },
      { question: "Norway", answer: "Oslo, at the head of the Oslofjord in the southeast of the country" },
      { question: "Finland", answer: "Helsinki, on a peninsula in the Gulf of Finland facing Tallinn" },
    ]);
    const page = await session.newPage({ viewport: { width: 1280, height: 800 } });
    await session.visit(page, `/en/courses/${long.courseId}/decks/${long.deckId}/multiple_choice`);
    for (const group of await page.getByRole("group").all()) await group.getByRole("radio").first().check();
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByRole("status").getByText(/\d\/4/).waitFor();
    // Each badge is one line, its word whole.
    const lines = await page.getByText(/^(Correct|Wrong)$/).evaluateAll((badges) =>
      badges.map((badge) => {
        const range = document.createRange();
        range.selectNodeContents(badge);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      }),
    );
    expect(lines.length).toBeGreaterThanOrEqual(4);
    expect(lines.every((count) => count === 1)).toBe(true);
  });

  it("submits a partly answered quiz after asking, counting the blanks as wrong", async () => {
    const page = await session.newPage();
    await session.visit(page, `${deckPath}/multiple_choice`);
    const group = page.getByRole("group").first();
    const question = ((await group.locator("legend").textContent()) ?? "").replace(/^\d+\.\s*/, "");
    await group.getByRole("radio", { name: answerOf(FOUR_CARDS, question), exact: true }).check();
    await page.getByRole("button", { name: "Submit" }).click();
    const ask = page.getByRole("dialog", { name: "Submit with questions unanswered?" });
    await ask.getByText("3 questions have no answer yet.", { exact: false }).waitFor();
    await ask.getByRole("button", { name: "Submit anyway" }).click();
    await page.getByRole("status").getByText("1/4").waitFor();
  });
});

describe("signing out (item 14)", () => {
  it("asks nothing that needs a session once signed out: no 401", async () => {
    const page = await session.newPage();
    const refused: string[] = [];
    page.on("response", (response) => {
      if (response.status() === 401) refused.push(`${response.request().method()} ${response.url()}`);
    });
    await session.visit(page, "/en/home");
    await signIn(page, deck.email, deck.password);
    await page
      .getByRole("region", { name: "Your Courses" })
      .getByRole("link", { name: /Fixture/ })
      .first()
      .waitFor();
    await signOut(page, deck.email);
    await page.getByRole("banner").getByRole("button", { name: "Sign in / Sign up" }).waitFor();
    await page.getByRole("region", { name: "Your Courses" }).getByRole("button", { name: /Sign/ }).first().waitFor();
    expect(refused).toEqual([]);
  });
});

describe("small things (item 15)", () => {
  it("gives the delete dialogs a Cancel button", async () => {
    const page = await session.newPage();
    await session.visit(page, deckPath);
    await signIn(page, deck.email, deck.password);
    await page.getByRole("button", { name: "Delete deck" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    expect(await page.getByRole("dialog").count()).toBe(0);
    await page.getByRole("heading", { level: 1, name: "Numbers" }).waitFor();

    await page.goto(`/en/courses/${deck.courseId}`);
    await page.getByRole("button", { name: "Delete course" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
    expect(await page.getByRole("dialog").count()).toBe(0);
  });

  it("says when more than 50 courses match a search, and why each matched", async () => {
    const owner = await createDeckFixture(baseURL, FOUR_CARDS);
    const word = `qx${crypto.randomUUID().replaceAll("-", "").slice(0, 8)}`;
    for (let i = 0; i < 51; i++) await addCourse(baseURL, owner.cookie, `${word} ${i}`);
    const page = await session.newPage();
    await session.visit(page, `/en/search?q=${word}`);
    const results = page.getByRole("list", { name: "Search results" });
    await results.getByRole("link").first().waitFor();
    expect(await results.getByRole("link").count()).toBe(50);
    await page.getByText("Showing the 50 most followed matches; more courses match.", { exact: false }).waitFor();
    await results.getByText("Found by: name").first().waitFor();
    // A course card says what a person chooses by.
    await results.getByText("0 decks").first().waitFor();
    await expectAccessible(page);

    // A deck name: found by that deck, and the card counts its decks and cards.
    await addDeck(baseURL, owner.cookie, owner.courseId, `${word} verbs`, FOUR_CARDS);
    await session.visit(page, `/en/search?q=${word} verbs`);
    const card = page.getByRole("link", { name: new RegExp(owner.courseName) });
    await card.getByText(`Found by: deck ${word} verbs`).waitFor();
    await card.getByText("2 decks").waitFor();
    await card.getByText("8 cards").waitFor();
    await card.getByText("0 followers").waitFor();
    expect(await page.getByText("more courses match", { exact: false }).count()).toBe(0);
  });

  it("stops showing the email in the header as soon as the session turns out to be gone", async () => {
    const page = await session.newPage();
    await session.visit(page, "/en/home");
    await signIn(page, deck.email, deck.password);
    await page.getByRole("button", { name: `Account menu for ${deck.email}` }).waitFor();
    // Home has loaded what a signed-in person sees; otherwise its own first request, still on the way,
    // would be the one refused and the link below would never be drawn.
    const viewAll = page.getByRole("region", { name: "Your Courses" }).getByRole("link", { name: /View All/ });
    await viewAll.waitFor();
    await page.waitForLoadState("networkidle");
    // The session ends elsewhere (signed out on another device).
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    const ended = await fetch(`${baseURL}/api/auth/sign-out`, {
      method: "POST",
      headers: { cookie, origin: baseURL, "content-type": "application/json" },
      body: "{}",
    });
    expect(ended.ok).toBe(true);
    // The next request that needs the session is refused; the header follows at once (the
    // regular check is 30 s away).
    // A request the page makes by itself (the sync, a refetch) may be the first refused: then the
    // link is gone before the click, and the header must have followed all the same.
    await viewAll.click({ timeout: 5_000 }).catch(() => undefined);
    await page.getByRole("banner").getByRole("button", { name: "Sign in / Sign up" }).waitFor({ timeout: 10_000 });
    expect(await page.getByRole("button", { name: `Account menu for ${deck.email}` }).count()).toBe(0);
  });
});

describe("hints for the device in hand (item 16)", () => {
  it("speaks of tapping on a phone's test and of keys at a keyboard, in every mode", async () => {
    const phone = await session.newPage(PHONE);
    await session.visit(phone, `${deckPath}/test`);
    await phone.getByRole("button", { name: "Begin test" }).tap();
    await phone.getByRole("button", { name: "Show question" }).tap();
    await phone.getByRole("heading", { name: "Which is the answer?" }).waitFor();
    await phone.getByText("Tap the answer.").waitFor();
    expect(await phone.getByText("Press 1 to 4", { exact: false }).count()).toBe(0);

    const desk = await session.newPage();
    await session.visit(desk, `${deckPath}/multiple_choice`);
    await desk.getByText("the arrow keys choose an answer", { exact: false }).waitFor();
    await session.visit(desk, `${deckPath}/matching`);
    await desk.getByText("pick its question's number with the arrow keys", { exact: false }).waitFor();
    await session.visit(desk, `${deckPath}/tile_game`);
    await desk.getByRole("button", { name: "Start" }).click();
    await desk.getByText("Tab to a tile and press Enter", { exact: false }).waitFor();
  });

  it("in Japanese too", async () => {
    const phone = await session.newPage({ ...PHONE, locale: "ja-JP" });
    await session.visit(phone, `/ja/courses/${deck.courseId}/decks/${deck.deckId}/multiple_choice`);
    await phone.getByText("各問題の答えをタップしてから", { exact: false }).waitFor();
    await phone.getByText("回答済み：0／4問").waitFor();
  });
});
