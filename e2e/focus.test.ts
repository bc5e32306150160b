/**
 * Keyboard focus (the reviewer's five defects): form dialogs open on their first field, the focus
 * never drops to the page's body after a step of study or a page change, the deck editor keeps the
 * focused field above its sticky footer, Back asks before unsaved changes go, and toasts cover
 * nothing and sit above dialogs. Each test fails on the code before the fix.
 */
import { PAGE_FOCUS_RESTORE_MS } from "@shared/limits";
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { createDeckFixture, type DeckFixture } from "../harness/fixtures";
import { expectAccessible, PHONE, settled, setupBrowser } from "./support/browser";
import { answerOf, FOUR_CARDS, takeTest } from "./support/study";
import { expectNoHeadingUnder, overlaps, settledBox } from "./support/toasts";

const session = setupBrowser();

let author: DeckFixture;
let deckPath: string;
beforeAll(async () => {
  author = await createDeckFixture(session.baseURL, FOUR_CARDS);
  deckPath = `/en/courses/${author.courseId}/decks/${author.deckId}`;
});

/** A page signed in as the file's author. */
const asAuthor = (options: Parameters<typeof session.newPage>[0] = {}) => session.signedInPage(author.cookie, options);

/** The focused element is `target` (polled: focus may move a moment after the screen changes). */
async function expectFocused(target: Locator) {
  await target.waitFor();
  await expect
    .poll(
      () => target.evaluate((element) => element === document.activeElement),
      // What has the focus instead, to explain a failure.
      { message: "focus" },
    )
    .toBe(true);
}

const focusedTag = (page: Page) => page.evaluate(() => document.activeElement?.tagName ?? "");

describe("form dialogs open on their first field (item 1)", () => {
  it("Sign in: typing right away goes into Email", async () => {
    const page = await session.newPage();
    await session.visit(page, "/en/");
    await page.getByRole("banner").getByRole("button", { name: "Sign in / Sign up" }).click();
    const dialog = page.getByRole("dialog", { name: "Sign in" });
    await expectFocused(dialog.getByLabel("Email"));
    await page.keyboard.type("a b@example.com");
    expect(await dialog.getByLabel("Email").inputValue()).toBe("a b@example.com");
    await dialog.waitFor();
    await expectAccessible(page);
  });

  it("Create course and Create deck focus their name field", async () => {
    const page = await asAuthor();
    await session.visit(page, "/en/home");
    await page.getByRole("button", { name: "Create Course" }).click();
    const course = page.getByRole("dialog", { name: "Create a course" });
    await expectFocused(course.getByLabel("Course name"));
    await page.keyboard.type("My course");
    expect(await course.getByLabel("Course name").inputValue()).toBe("My course");
    await course.getByRole("button", { name: "Close" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Discard changes" }).click();

    await session.visit(page, `/en/courses/${author.courseId}`);
    await page.getByRole("button", { name: "Create deck" }).click();
    const deck = page.getByRole("dialog", { name: "Create a deck" });
    await expectFocused(deck.getByLabel("Deck name"));
  });
});

describe("the focus never drops to the page's body (item 2)", () => {
  it("multiple choice: Submit hands the focus to Restart, Restart to the first answer", async () => {
    const page = await session.newPage();
    await session.visit(page, `${deckPath}/multiple_choice`);
    const questions = page.getByRole("group");
    for (let i = 0; i < 4; i++) {
      const group = questions.nth(i);
      const question = ((await group.locator("legend").textContent()) ?? "").replace(/^\d+\.\s*/, "");
      await group.getByRole("radio", { name: answerOf(FOUR_CARDS, question), exact: true }).check();
    }
    await page.getByRole("button", { name: "Submit" }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("status").getByText("4/4").waitFor();
    await expectFocused(page.getByRole("button", { name: "Restart" }));
    await page.keyboard.press("Enter");
    await expectFocused(page.getByRole("radio").first());
  });

  it("multiple choice: Submit anyway, from the question about blanks, too", async () => {
    const page = await session.newPage();
    await session.visit(page, `${deckPath}/multiple_choice`);
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByRole("button", { name: "Submit anyway" }).click();
    await page.getByRole("status").getByText("0/4").waitFor();
    await expectFocused(page.getByRole("button", { name: "Restart" }));
    // And it stays there once the question has gone (a closing dialog hands the focus back).
    await page.getByRole("alertdialog").waitFor({ state: "detached" });
    await settled(page);
    await expectFocused(page.getByRole("button", { name: "Restart" }));
  });

  it("matching: Submit hands the focus to Restart", async () => {
    const page = await session.newPage();
    await session.visit(page, `${deckPath}/matching`);
    await page.getByRole("button", { name: "Submit" }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("status").getByText("0/4").waitFor();
    await expectFocused(page.getByRole("button", { name: "Restart" }));
  });

  it("the test's passed screen focuses Back to deck, as the failed one focuses Try again", async () => {
    const page = await session.newPage();
    await session.visit(page, `${deckPath}/test`);
    await takeTest(page, FOUR_CARDS);
    await page.getByRole("heading", { name: "You passed!" }).waitFor();
    await expectFocused(page.getByRole("link", { name: "Back to deck" }));
  });

  it("flip cards: the end screen focuses Try again, and studying the marked cards focuses the card", async () => {
    const page = await session.newPage();
    await session.visit(page, `${deckPath}/flashcards`);
    await page.getByRole("button", { name: /^Question / }).focus();
    for (let i = 0; i < FOUR_CARDS.length; i++) await page.keyboard.press(i === 0 ? "ArrowDown" : "ArrowUp");
    await page.getByRole("heading", { name: "You went through all 4 cards" }).waitFor();
    await expectFocused(page.getByRole("button", { name: "Try again" }));
    await page.keyboard.press("Tab");
    await expectFocused(page.getByRole("button", { name: "Study the 1 card to review" }));
    await page.keyboard.press("Enter");
    await expectFocused(page.getByRole("button", { name: /^Question / }));
  });

  it("a page change puts the focus on the new page's heading; a query change leaves the field alone", async () => {
    const page = await session.newPage();
    await page.clock.install(); // time runs as usual; the footer step jumps it
    await session.visit(page, "/en/search?q=japanese");
    const field = page.getByRole("main").getByRole("searchbox");
    await field.focus();
    await page.keyboard.type(" voc");
    await page.keyboard.press("Enter");
    await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe("japanese voc");
    await page.getByRole("heading", { level: 1, name: /japanese voc/ }).waitFor();
    // The new results (or their absence) are on the screen.
    await page.getByText("Searching…").waitFor({ state: "hidden" });
    await page
      .getByRole("list", { name: "Search results" })
      .or(page.getByText("No courses match your search."))
      .waitFor();
    await settled(page);
    await expectFocused(field);

    await field.fill("japanese");
    await page.keyboard.press("Enter");
    const result = page.getByRole("list", { name: "Search results" }).getByRole("link").first();
    await result.focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/en\/courses\/\d+$/);
    await expectFocused(page.getByRole("heading", { level: 1 }));
    expect(await focusedTag(page)).toBe("H1");

    // From the footer's link, too, once the first instants after the page change are over (focus a
    // closing dialog hands back then is taken back for the heading): the page's clock jumps past them.
    await page.clock.fastForward(PAGE_FOCUS_RESTORE_MS + 100);
    await page.getByRole("contentinfo").getByRole("link", { name: "About" }).focus();
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/en/");
    await expectFocused(page.getByRole("heading", { level: 1 }));
    await expectAccessible(page);
  });

  it("the first load leaves the focus where the browser puts it", async () => {
    const page = await session.newPage();
    await session.visit(page, "/en/home");
    // Everything the first load fetches has arrived and been drawn.
    await page.waitForLoadState("networkidle");
    await settled(page);
    expect(await focusedTag(page)).toBe("BODY");
  });
});

describe("the deck editor keeps the focused field in view (item 3)", () => {
  for (const [label, options] of [
    ["at 1280 px", { viewport: { width: 1280, height: 800 } }],
    ["at 360 px", PHONE],
  ] as const) {
    it(`never hides a field reached by Tab under the sticky footer, ${label}`, async () => {
      const page = await asAuthor(options);
      await session.visit(page, `/en/courses/${author.courseId}`);
      await page.getByRole("button", { name: "Create deck" }).click();
      const dialog = page.getByRole("dialog", { name: "Create a deck" });
      for (let i = 0; i < 4; i++) await dialog.getByRole("button", { name: "Add a card" }).click();
      await dialog.getByLabel("Deck name").focus();
      const hidden: string[] = [];
      for (let step = 0; step < 60; step++) {
        await page.keyboard.press("Tab");
        const where = await page.evaluate(() => {
          const active = document.activeElement as HTMLElement;
          const footer = active.closest('[role="dialog"]')?.querySelector("form > div:last-child");
          if (!footer || footer.contains(active)) return null;
          const box = active.getBoundingClientRect();
          const name = active.getAttribute("aria-label") ?? active.id ?? active.tagName;
          return { name, bottom: box.bottom, footerTop: footer.getBoundingClientRect().top };
        });
        if (!where) break;
        if (where.bottom > where.footerTop + 1) hidden.push(`${where.name}: ${where.bottom} > ${where.footerTop}`);
      }
      expect(hidden).toEqual([]);
    });
  }
});

describe("the browser's Back asks before unsaved changes go (item 4)", () => {
  /** The author's course, reached in the app from search (so Back stays in the app). */
  async function openCourseFromSearch(page: Page) {
    await session.visit(page, `/en/search?q=${encodeURIComponent(author.courseName)}`);
    await page.getByRole("list", { name: "Search results" }).getByRole("link", { name: author.courseName }).click();
    await page.getByRole("heading", { level: 1, name: author.courseName }).waitFor();
  }

  it("a half-typed deck: Back asks, Keep editing keeps it, Discard changes goes back", async () => {
    const page = await asAuthor();
    const coursePath = `/en/courses/${author.courseId}`;
    await openCourseFromSearch(page);
    await page.getByRole("button", { name: "Create deck" }).click();
    const dialog = page.getByRole("dialog", { name: "Create a deck" });
    await dialog.getByLabel("Deck name").fill("Half-typed");
    await page.evaluate(() => history.back());
    const ask = page.getByRole("alertdialog", { name: "Discard your changes?" });
    await ask.waitFor();
    await expectFocused(ask.getByRole("button", { name: "Keep editing" }));
    await expectAccessible(page);
    await ask.getByRole("button", { name: "Keep editing" }).click();
    await ask.waitFor({ state: "detached" });
    expect(new URL(page.url()).pathname).toBe(coursePath);
    expect(await dialog.getByLabel("Deck name").inputValue()).toBe("Half-typed");

    await page.evaluate(() => history.back());
    await ask.getByRole("button", { name: "Discard changes" }).click();
    await page.waitForURL((url) => url.pathname === "/en/search");
    expect(await page.getByRole("dialog").count()).toBe(0);
  });

  it("an untouched form lets Back go at once; a half-typed course asks", async () => {
    const page = await asAuthor();
    await openCourseFromSearch(page);
    await page.getByRole("button", { name: "Create Course" }).click();
    const dialog = page.getByRole("dialog", { name: "Create a course" });
    await dialog.getByLabel("Course name").fill("Half-typed");
    await page.evaluate(() => history.back());
    const ask = page.getByRole("alertdialog", { name: "Discard your changes?" });
    await ask.waitFor();
    await page.keyboard.press("Escape");
    await ask.waitFor({ state: "detached" });
    expect(await dialog.getByLabel("Course name").inputValue()).toBe("Half-typed");
    expect(new URL(page.url()).pathname).toBe(`/en/courses/${author.courseId}`);

    await dialog.getByLabel("Course name").fill("");
    await page.evaluate(() => history.back());
    await page.waitForURL((url) => url.pathname === "/en/search");
    expect(await page.getByRole("alertdialog").count()).toBe(0);
  });

  it("a save still opens the new course (not held)", async () => {
    const page = await asAuthor();
    await session.visit(page, "/en/home");
    await page.getByRole("button", { name: "Create Course" }).click();
    const dialog = page.getByRole("dialog", { name: "Create a course" });
    const name = `Saved ${crypto.randomUUID().slice(0, 6)}`;
    await dialog.getByLabel("Course name").fill(name);
    await dialog.getByRole("button", { name: "Create course" }).click();
    await page.getByRole("heading", { level: 1, name }).waitFor();
    expect(await page.getByRole("alertdialog").count()).toBe(0);
  });
});

describe("toasts cover nothing and sit above dialogs (item 5)", () => {
  for (const [label, options] of [
    ["at 1280 px", { viewport: { width: 1280, height: 800 } }],
    ["at 360 px", PHONE],
  ] as const) {
    it(`the sign-in toast shows above the sign-in dialog's backdrop, ${label}`, async () => {
      const page = await session.newPage(options);
      await session.visit(page, "/en/");
      await page.getByRole("button", { name: "Create Course" }).click();
      await page.getByRole("dialog", { name: "Sign in" }).waitFor();
      const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Sign up / login to create a course" });
      const box = await settledBox(toast);
      // What is on top at the toast's middle is the toast, not the dialog's overlay.
      const onTop = await page.evaluate(
        ({ x, y }) => Boolean(document.elementFromPoint(x, y)?.closest("[data-sonner-toast]")),
        { x: box.x + box.width / 2, y: box.y + box.height / 2 },
      );
      expect(onTop).toBe(true);
    });
  }

  for (const [label, options] of [
    ["at 360 px, in Japanese", { ...PHONE, locale: "ja-JP" }],
    ["at 1280 px, in Japanese", { viewport: { width: 1280, height: 800 }, locale: "ja-JP" }],
    ["at 360 px", PHONE],
  ] as const) {
    it(`"course created" covers neither the new course's title nor the header's buttons, ${label}`, async () => {
      const language = "locale" in options ? "ja" : "en";
      const page = await asAuthor(options);
      await session.visit(page, `/${language}/home`);
      const header = page.getByRole("banner");
      const create = language === "ja" ? "コースを作成" : "Create Course";
      await header.getByRole("button", { name: create }).click();
      const dialog = page.getByRole("dialog");
      const name = `Toast ${crypto.randomUUID().slice(0, 6)}`;
      await dialog.getByRole("textbox").first().fill(name);
      await dialog
        .locator("form")
        .getByRole("button", { name: language === "ja" ? /作成/ : "Create course" })
        .click();
      const title = page.getByRole("heading", { level: 1, name });
      await title.waitFor();
      const toast = page
        .locator("[data-sonner-toast]")
        .filter({ hasText: language === "ja" ? "コースを作成しました。" : "Course created successfully!" });
      const box = await settledBox(toast);
      // No heading of the page's main part, the new course's title first.
      await expectNoHeadingUnder(page, box);
      for (const button of await header.getByRole("button").all()) {
        const buttonBox = await button.boundingBox();
        if (buttonBox) expect(overlaps(box, buttonBox), `the toast covers ${await button.textContent()}`).toBe(false);
      }
    });
  }
});
