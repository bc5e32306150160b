import { LANDING_SECTION_LOCK_MS } from "@shared/limits";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible, PHONE, settled, setupBrowser } from "./support/browser";

const session = setupBrowser();

/** The number of the section in view, as the page announces it. */
const position = (page: Page) =>
  page.getByRole("navigation", { name: "Page sections" }).locator("[aria-live]").textContent();

/**
 * Lets the lock between moves run out: the page's clock (installed before it loaded) jumps past
 * it, instead of the test sleeping through it.
 */
const passTheLock = (page: Page) => page.clock.fastForward(LANDING_SECTION_LOCK_MS + 100);

describe("landing page", () => {
  it("moves between its four sections with the buttons, the keyboard and the wheel", async () => {
    const page = await session.newPage();
    await page.clock.install(); // time runs as usual; passTheLock jumps it
    await session.visit(page, "/en/");
    expect(await position(page)).toBe("Section 1 of 4");
    await page.getByRole("region", { name: "Most followed courses" }).getByRole("link").first().waitFor();

    await page.getByRole("button", { name: "Next section" }).click();
    await expect.poll(() => position(page)).toBe("Section 2 of 4");
    await page.getByText("Every deck comes with a test.").waitFor();
    await passTheLock(page);
    await page.getByRole("button", { name: "Next section" }).click();
    await expect.poll(() => position(page)).toBe("Section 3 of 4");
    await expectAccessible(page);

    await page.keyboard.press("PageDown");
    await expect.poll(() => position(page)).toBe("Section 4 of 4");
    await page.getByRole("heading", { name: "Four ways to study, one test to pass" }).waitFor();
    await page.getByRole("contentinfo").getByRole("link", { name: "About" }).waitFor();
    expect(await page.getByRole("button", { name: "Next section" }).isDisabled()).toBe(true);
    await page.keyboard.press("PageUp");
    await expect.poll(() => position(page)).toBe("Section 3 of 4");
    await page.keyboard.press("Home");
    await expect.poll(() => position(page)).toBe("Section 1 of 4");

    await page.mouse.move(400, 400);
    await passTheLock(page);
    await page.mouse.wheel(0, 300);
    await expect.poll(() => position(page)).toBe("Section 2 of 4");
    // A second turn of the wheel within 0.8 s does not move again.
    await page.mouse.wheel(0, 300);
    await settled(page);
    expect(await position(page)).toBe("Section 2 of 4");
  });

  it("leads a visitor from the slogan to sign in", async () => {
    const page = await session.newPage();
    await session.visit(page, "/en/");
    await page.keyboard.press("PageDown");
    await page.keyboard.press("PageDown");
    await expect.poll(() => position(page)).toBe("Section 3 of 4");
    await page.getByRole("main").getByRole("button", { name: "Sign in / Sign up" }).click();
    await page.getByRole("dialog", { name: "Sign in" }).waitFor();
  });

  it("rotates the headline words, unless motion is reduced", async () => {
    const page = await session.newPage();
    await session.visit(page, "/en/");
    const headline = page.getByRole("heading", { level: 1 });
    const first = await headline.locator("[aria-hidden]").textContent();
    await expect.poll(() => headline.locator("[aria-hidden]").textContent(), { timeout: 4000 }).not.toBe(first);

    const calm = await session.newPage({ reducedMotion: "reduce" });
    await calm.clock.install();
    await session.visit(calm, "/en/");
    const still = await calm.getByRole("heading", { level: 1 }).locator("[aria-hidden]").textContent();
    // Two rotations' worth of the page's time, every timer due in it fired.
    await calm.clock.runFor(2800);
    expect(await calm.getByRole("heading", { level: 1 }).locator("[aria-hidden]").textContent()).toBe(still);
  });

  it("works on a phone, in Japanese", async () => {
    const page = await session.newPage({ ...PHONE, locale: "ja-JP" });
    await session.visit(page, "/ja/");
    await page.getByRole("region", { name: "フォロー数の多いコース" }).getByRole("link").first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole("button", { name: "次のセクション" }).click();
    await page.getByText("すべてのデッキにテストがあります。").waitFor();
  });
});
