import { describe, expect, it } from "vitest";
import { PHONE, setupBrowser } from "./support/browser";

const session = setupBrowser();

describe("demo content", () => {
  it("is served by the API, most followed first", async () => {
    const res = await fetch(`${session.baseURL}/api/courses/most-followed`);
    expect(res.status).toBe(200);
    const { items } = (await res.json()) as { items: { name: string }[] };
    expect(items.map((c) => c.name)).toEqual(["World Capitals", "Hiragana in Four Decks", "Basic Japanese Vocabulary"]);
  });

  it("shows the most followed courses on the landing page and opens one", async () => {
    const page = await session.newPage();
    await session.visit(page, "/en/");
    const courses = page.getByRole("region", { name: "Most followed courses" }).getByRole("link");
    await courses.first().waitFor();
    expect(await courses.allTextContents()).toEqual([
      expect.stringContaining("World Capitals"),
      expect.stringContaining("Hiragana in Four Decks"),
      expect.stringContaining("Basic Japanese Vocabulary"),
      expect.stringContaining("Search courses"), // the search tile
    ]);

    await page.getByRole("link", { name: /World Capitals/ }).click();
    await page.waitForURL(/\/en\/courses\/\d+$/);
    await page.getByRole("heading", { level: 1, name: "World Capitals" }).waitFor();
    await page.getByRole("link", { name: "1. Europe" }).waitFor();
    await page.getByRole("link", { name: "4. The Americas" }).waitFor();
    // Each deck row says what it holds, and a visitor has a way to start (#23).
    await page.getByRole("link", { name: /^1\. Europe\s*18 cards · Capitals of European countries\.$/ }).waitFor();
    await page.getByRole("link", { name: "Start studying" }).click();
    await page.getByRole("heading", { level: 1, name: /Europe/ }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/en\/courses\/\d+\/decks\/\d+\/study$/);

    // The same in Japanese, at a phone's width.
    const phone = await session.newPage(PHONE);
    await session.visit(phone, new URL(page.url()).pathname.replace(/^\/en/, "/ja").replace(/\/decks\/.*$/, ""));
    await phone.getByRole("link", { name: /^1\. Europe\s*18枚 · / }).waitFor();
    await phone.getByRole("link", { name: "学習を始める" }).waitFor();
  });

  it("explains a course that does not exist", async () => {
    const page = await session.newPage();
    await session.visit(page, "/en/courses/2147483000");
    await page.getByRole("alert").getByText("This course does not exist or was deleted.").waitFor();
  });
});
