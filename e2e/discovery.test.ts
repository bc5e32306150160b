import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { addCourse, addDeck, createDeckFixture } from "../harness/fixtures";
import { signIn } from "./support/accounts";
import { expectAccessible, PHONE, setupBrowser } from "./support/browser";
import { takeTest } from "./support/study";

const session = setupBrowser();
const baseURL = inject("baseURL");
const CARDS = [
  { question: "rojo", answer: "red" },
  { question: "azul", answer: "blue" },
  { question: "verde", answer: "green" },
  { question: "negro", answer: "black" },
];

async function searchFromHeader(page: Page, query: string) {
  await page.getByRole("banner").getByRole("button", { name: "Search" }).click();
  const dialog = page.getByRole("dialog", { name: "Search courses" });
  await dialog.getByLabel("Course, tag or deck name").fill(query);
  await page.keyboard.press("Enter");
  await page.getByRole("heading", { level: 1, name: `Search results for “${query}”` }).waitFor();
  return page.getByRole("list", { name: "Search results" });
}

describe("search", () => {
  it("finds demo courses by a word of the name, a tag and a deck name", async () => {
    const page = await session.newPage();
    await session.visit(page, "/en/");

    // A blank query does nothing; Escape closes the dialog.
    await page.getByRole("banner").getByRole("button", { name: "Search" }).click();
    await page.keyboard.press("Enter");
    await page.getByRole("dialog", { name: "Search courses" }).waitFor();
    await page.keyboard.press("Escape");
    expect(await page.getByRole("dialog").count()).toBe(0);
    // Focus goes back to the button that opened it, not to the page.
    await expect
      .poll(() =>
        page.evaluate(() => `${document.activeElement?.tagName}: ${document.activeElement?.textContent?.trim()}`),
      )
      .toBe("BUTTON: Search");

    const byName = await searchFromHeader(page, "capitals");
    await byName.getByRole("link", { name: /World Capitals/ }).waitFor();
    await expectAccessible(page);

    const byTag = await searchFromHeader(page, "periodic table");
    await byTag.getByRole("link", { name: /Chemical Elements/ }).waitFor();

    const byDeck = await searchFromHeader(page, "greetings");
    await byDeck
      .getByRole("link", { name: /Basic Japanese Vocabulary/ })
      .getByText("Found by: deck Greetings")
      .waitFor();
    expect(new URL(page.url()).search).toBe("?q=greetings");

    await searchFromHeader(page, "no such course 100%");
    await page.getByText("No courses match your search.").waitFor();
  });
});

describe("a learner's home", () => {
  it("shows followed courses, courses in progress, sorted own courses and truncated names", async () => {
    const fixture = await createDeckFixture(baseURL, CARDS);
    await addDeck(baseURL, fixture.cookie, fixture.courseId, "Second deck", CARDS);
    const longName = `Zebra ${"long name ".repeat(10)}`.trim(); // 105 characters: over 88, under the 120 limit
    await addCourse(baseURL, fixture.cookie, `Alpha ${crypto.randomUUID().slice(0, 4)}`);
    await addCourse(baseURL, fixture.cookie, longName);

    const page = await session.newPage();
    await session.visit(page, "/en/home");
    await signIn(page, fixture.email, fixture.password);
    const section = (name: string) => page.getByRole("region", { name });
    await section("Jump Back In").getByText("No courses in progress.").waitFor();
    await section("Courses You Follow").getByText("Click the star on a course page").waitFor();

    // Truncated: 88 characters and an ellipsis.
    const cardTitle = section("Your Courses").getByRole("heading", { name: /^Zebra/ });
    const shown = (await cardTitle.textContent()) ?? "";
    expect(shown.endsWith("…")).toBe(true);
    expect([...shown].length).toBe(89);
    expect(longName.startsWith(shown.slice(0, -1))).toBe(true);

    // Follow a demo course with the star.
    await searchFromHeader(page, "capitals");
    await page.getByRole("link", { name: /World Capitals/ }).click();
    const star = page.getByRole("button", { name: "Follow" });
    await star.click();
    await page.getByRole("button", { name: "Following", pressed: true }).waitFor();
    await page.getByRole("contentinfo").getByRole("link", { name: "User Homepage" }).click();
    await section("Courses You Follow")
      .getByRole("link", { name: /World Capitals/ })
      .waitFor();
    await section("Courses You Follow").getByRole("link", { name: "View All: Courses You Follow" }).click();
    await page.getByRole("heading", { level: 1, name: "Followed courses" }).waitFor();
    await page
      .getByRole("list", { name: "Followed courses" })
      .getByRole("link", { name: /World Capitals/ })
      .waitFor();

    // Passing one of two decks puts the course under "Jump Back In".
    await page.goto(`/en/courses/${fixture.courseId}/decks/${fixture.deckId}/test`);
    await takeTest(page, CARDS);
    await page.getByText("Test passed! The deck is marked as completed.").waitFor();
    await page.goto("/en/home");
    await section("Jump Back In")
      .getByRole("link", { name: new RegExp(fixture.courseName) })
      .waitFor();

    // My courses: newest first by default, alphabetical on request.
    await section("Your Courses").getByRole("link", { name: "View All: Your Courses" }).click();
    const grid = page.getByRole("list", { name: "My courses" });
    await grid.getByRole("heading").first().waitFor();
    expect(await grid.getByRole("heading").first().textContent()).toMatch(/^Zebra/);
    await page.getByLabel("Sort by").selectOption("name");
    await expect.poll(() => grid.getByRole("heading").first().textContent()).toMatch(/^Alpha/);
    expect(new URL(page.url()).search).toBe("?sort=name");
    await expectAccessible(page);
  });

  it("asks visitors to sign in on the list pages", async () => {
    const page = await session.newPage();
    await session.visit(page, "/en/followed_courses");
    await page.getByText("Sign in to see this list.").waitFor();
    await session.visit(page, "/en/courses_in_progress");
    await page.getByText("Sign in to see this list.").waitFor();
  });
});

describe("contact form", () => {
  it("sends a message and refuses a second within 30 minutes", async () => {
    const fixture = await createDeckFixture(baseURL, CARDS);
    const page = await session.newPage();
    await session.visit(page, "/en/");
    await page.getByRole("contentinfo").getByRole("button", { name: "Contact Us" }).click();
    await page.getByRole("dialog", { name: "Sign in to continue" }).waitFor();
    await page.keyboard.press("Escape");

    await signIn(page, fixture.email, fixture.password);
    await page
      .getByRole("banner")
      .getByRole("button", { name: `Account menu for ${fixture.email}` })
      .waitFor();
    const send = async (text: string) => {
      await page.getByRole("contentinfo").getByRole("button", { name: "Contact Us" }).click();
      const dialog = page.getByRole("dialog", { name: "Contact us" });
      await dialog.getByLabel("Your message").fill(text);
      await dialog.getByRole("button", { name: "Send" }).click();
      return dialog;
    };
    await send("Love the timed tests!");
    await page.getByText("Thank you! Your message was sent.").waitFor();
    const second = await send("One more thing");
    await second.getByRole("alert").getByText("You must wait 30 minutes before submitting another form.").waitFor();
    await expectAccessible(page);
  });
});

describe("on a phone", () => {
  it.each(["/en/home", "/en/search?q=japanese", "/ja/home"])("fits %s without sideways scrolling", async (path) => {
    const page = await session.newPage(PHONE);
    await session.visit(page, path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
