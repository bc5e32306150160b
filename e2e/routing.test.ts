import { describe, expect, it } from "vitest";
import { PHONE, setupBrowser } from "./support/browser";

const session = setupBrowser();

describe("language routing", () => {
  it("sends / to /en/ for an English browser", async () => {
    const page = await session.newPage();
    await session.visit(page, "/");
    expect(new URL(page.url()).pathname).toBe("/en/");
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
  });

  it("sends / to /ja/ for a Japanese browser", async () => {
    const page = await session.newPage({ locale: "ja-JP" });
    await session.visit(page, "/");
    expect(new URL(page.url()).pathname).toBe("/ja/");
    await page.getByRole("heading", { name: "デッキ一つずつで、なんでも学べる" }).waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("ja");
  });

  it("redirects /jp/... to /ja/...", async () => {
    const page = await session.newPage();
    await session.visit(page, "/jp/home");
    expect(new URL(page.url()).pathname).toBe("/ja/home");
    await page.getByRole("heading", { level: 1, name: "ホーム" }).waitFor();
  });

  it("prefixes a path without a language, keeping the query, and replaces history", async () => {
    const page = await session.newPage();
    await session.visit(page, "/en/");
    await session.visit(page, "/home?from=test");
    const url = new URL(page.url());
    expect(url.pathname + url.search).toBe("/en/home?from=test");
    // The unprefixed entry was replaced, so going back skips it.
    await page.goBack();
    expect(new URL(page.url()).pathname).toBe("/en/");
  });

  it("prefers the stored language over the browser's", async () => {
    const page = await session.newPage({ locale: "en-US" });
    await session.visit(page, "/en/");
    await page.evaluate(() => localStorage.setItem("preferredLanguage", "ja"));
    await session.visit(page, "/home");
    expect(new URL(page.url()).pathname).toBe("/ja/home");
  });
});

describe("not-found page", () => {
  it.each(["/en/no-such-page", "/nothing/here"])("shows 404 for %s with a way home", async (path) => {
    const page = await session.newPage();
    await session.visit(page, path);
    await page.getByRole("heading", { level: 1, name: "404 Not Found" }).waitFor();
    await page.getByText("The page you are looking for does not exist.").waitFor();
    await page.getByRole("link", { name: "Back to home" }).click();
    await page.waitForURL("**/en/home");
  });
});

describe("language picker", () => {
  it("keeps the page, changes the text and remembers the choice", async () => {
    const page = await session.newPage();
    await session.visit(page, "/en/home");
    await page.getByRole("heading", { level: 1, name: "Home" }).waitFor();

    await page.getByRole("button", { name: /Language/ }).click();
    await page.getByRole("menuitemradio", { name: "日本語" }).click();

    await page.waitForURL("**/ja/home");
    await page.getByRole("heading", { level: 1, name: "ホーム" }).waitFor();
    await page.getByRole("link", { name: "マイページ" }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem("preferredLanguage"))).toBe("ja");

    await page.getByRole("button", { name: /言語/ }).click();
    await page.getByRole("menuitemradio", { name: "English" }).click();
    await page.waitForURL("**/en/home");
    await page.getByRole("heading", { level: 1, name: "Home" }).waitFor();
  });

  it("works from the keyboard", async () => {
    const page = await session.newPage();
    await session.visit(page, "/en/");
    await page.getByRole("button", { name: /Language/ }).focus();
    await page.keyboard.press("Enter");
    const japanese = page.getByRole("menuitemradio", { name: "日本語" });
    await japanese.waitFor();
    // Japanese is the second item (the theme's choices follow the languages).
    await page.keyboard.press("Home");
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => japanese.evaluate((item) => item === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    await page.waitForURL("**/ja/");
  });
});

describe("layout", () => {
  it("links the footer to the landing page and the user home", async () => {
    const page = await session.newPage();
    await session.visit(page, "/en/home");
    await page.getByRole("contentinfo").getByRole("link", { name: "About" }).click();
    await page.waitForURL((url) => url.pathname === "/en/");
    // On the landing page the footer is in the last section.
    await page.keyboard.press("End");
    await page.getByRole("contentinfo").getByRole("link", { name: "User Homepage" }).click();
    await page.waitForURL("**/en/home");
    await page
      .getByRole("contentinfo")
      .getByText(/© \d{4} Flashcards/)
      .waitFor();
  });

  it("fits a phone screen", async () => {
    const page = await session.newPage(PHONE);
    await session.visit(page, "/en/");
    await page.getByRole("list").getByRole("link").first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it("scrolls to the top on a path change", async () => {
    // A short screen, so both pages are taller than it and the check means something.
    const page = await session.newPage({ ...PHONE, viewport: { width: 360, height: 420 } });
    // A demo course by name: other test files may add courses to the same server.
    await session.visit(page, "/en/search?q=japanese");
    const name = "Basic Japanese Vocabulary";
    const lastCourse = page.getByRole("list", { name: "Search results" }).getByRole("link", { name: new RegExp(name) });
    // Open the course once so its data is cached: the second time it is tall at once, and only the
    // app's own scroll-to-top (not a short loading state) brings the view back up.
    await lastCourse.click();
    await page.getByRole("heading", { level: 1, name }).waitFor();
    await page.getByRole("link", { name: /^1\. / }).waitFor();
    await page.goBack();
    await lastCourse.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await lastCourse.click();
    await page.getByRole("heading", { level: 1, name }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight)).toBe(true);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

describe("error page", () => {
  it("shows refresh, back to home and the details when a screen fails to load", async () => {
    // Without the service worker, which would serve the screen's code from its cache (#12).
    const page = await session.newPage({ serviceWorkers: "block" });
    await session.visit(page, "/en/");
    // The course screen's code cannot be fetched (a dropped connection, a stale deploy).
    await page.route("**/assets/course-page-*.js", (route) => route.abort());
    await page.getByRole("region", { name: "Most followed courses" }).getByRole("link").first().click();

    await page.getByRole("heading", { level: 1, name: "Something went wrong" }).waitFor();
    await page.getByRole("button", { name: "Refresh" }).waitFor();
    await page.getByRole("banner").getByRole("link").first().waitFor(); // the header stays
    const details = page.getByText("Details");
    await details.click();
    await page.getByText(/Failed to fetch|error loading dynamically imported module/i).waitFor();

    await page.unroute("**/assets/course-page-*.js");
    await page.getByRole("link", { name: "Back to home" }).click();
    await page.waitForURL("**/en/home");
    await page.getByRole("heading", { level: 1, name: "Home" }).waitFor();
  });
});
