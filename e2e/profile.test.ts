/**
 * The profile's display name and stored colour scheme (issue #14, decision 0033): a name the person
 * chooses shows on their course cards ("by …", 作成者：…) and nothing shows without one; the scheme
 * chosen while signed in follows the account to another browser, and so does one chosen as a
 * visitor before signing up or signing in (decision 0035). Accounts are the fixtures' (made through
 * the API) but one, so the run's browser sign-ups stay under the per-address limit.
 */
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createDeckFixture, type DeckFixture } from "../harness/fixtures";
import { followMailLink, newEmail, signIn, signUp } from "./support/accounts";
import { expectAccessible, setupBrowser } from "./support/browser";
import { FOUR_CARDS } from "./support/study";

const session = setupBrowser();

const TEXTS = {
  en: { menu: /Account menu for/, item: "Display name", label: "Display name", save: "Save" },
  ja: { menu: /のアカウントメニュー/, item: "表示名", label: "表示名", save: "保存" },
};

let deck: DeckFixture;

beforeAll(async () => {
  deck = await createDeckFixture(inject("baseURL"), FOUR_CARDS);
});

async function signedIn(page: Page, language: "en" | "ja" = "en") {
  await page.goto(`/${language}/`);
  await signIn(page, deck.email, deck.password, language);
  await page.getByRole("button", { name: TEXTS[language].menu }).waitFor();
}

/** Opens the display name dialog from the account menu. */
async function openDisplayName(page: Page, language: "en" | "ja"): Promise<Locator> {
  const t = TEXTS[language];
  await page.getByRole("button", { name: t.menu }).click();
  await page.getByRole("menuitem", { name: t.item }).click();
  const dialog = page.getByRole("dialog", { name: t.item });
  await dialog.getByLabel(t.label).waitFor();
  return dialog;
}

/** What a control's aria-describedby points at (its hint and error), as read out with it. */
const description = (control: Locator) =>
  control.evaluate((element) =>
    (element.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent ?? "")
      .join(" "),
  );

/** The card of the fixture's course in the person's list of their own courses. */
async function ownCard(page: Page, language: "en" | "ja"): Promise<Locator> {
  await session.visit(page, `/${language}/my_courses`);
  const card = page.getByRole("listitem").filter({ hasText: deck.courseName });
  await card.waitFor();
  return card;
}

describe("display name on course cards (decision 0033)", () => {
  it("shows no name until one is chosen, then the chosen one, in English and Japanese", async () => {
    const page = await session.newPage();
    await signedIn(page);

    // None chosen: the card names no one, and never the account's name or email.
    let card = await ownCard(page, "en");
    await card.getByText("1 deck").waitFor();
    expect(await card.getByText(/^by /).count()).toBe(0);
    const localPart = deck.email.split("@")[0] ?? "";
    expect(await card.textContent()).not.toContain(localPart);

    // Too long: the field is marked and says why, with the focus on it; nothing is saved.
    const dialog = await openDisplayName(page, "en");
    const field = dialog.getByLabel("Display name");
    await field.fill("x".repeat(41));
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.getByRole("alert").getByText("Use at most 40 characters.").waitFor();
    expect(await field.getAttribute("aria-invalid")).toBe("true");
    expect(await description(field)).toContain("Use at most 40 characters.");
    expect(await field.evaluate((element) => element === document.activeElement)).toBe(true);
    await expectAccessible(page);

    // A chosen name, trimmed, shows on the card at once.
    await field.fill("  Ana María ");
    await dialog.getByRole("button", { name: "Save" }).click();
    await page.getByText("Your display name was saved.").waitFor();
    await dialog.waitFor({ state: "detached" });
    await card.getByText("by Ana María", { exact: true }).waitFor();
    await expectAccessible(page);

    // In Japanese, with the full-width colon; and for a visitor searching for the course.
    card = await ownCard(page, "ja");
    await card.getByText("作成者：Ana María", { exact: true }).waitFor();
    const visitor = await session.newPage();
    await session.visit(visitor, `/en/search?q=${encodeURIComponent(deck.courseName)}`);
    await visitor
      .getByRole("listitem")
      .filter({ hasText: deck.courseName })
      .getByText("by Ana María", { exact: true })
      .waitFor();

    // Removed (in Japanese): the cards name no one again.
    const jaDialog = await openDisplayName(page, "ja");
    const jaField = jaDialog.getByLabel("表示名");
    expect(await jaField.inputValue()).toBe("Ana María");
    await jaField.fill("");
    await jaDialog.getByRole("button", { name: "保存" }).click();
    await page.getByText("表示名を削除しました。コースのカードに名前は表示されません。").waitFor();
    await card.getByText(/^作成者：/).waitFor({ state: "detached" });
    await card.getByText("1デッキ", { exact: true }).waitFor();
    expect(await card.getByText(/^作成者：/).count()).toBe(0);
  });
});

describe("colour scheme kept in the account (decision 0033)", () => {
  it("applies the scheme chosen signed in to a fresh browser after signing in there", async () => {
    const page = await session.newPage({ colorScheme: "light" });
    await signedIn(page);
    await page
      .getByRole("banner")
      .getByRole("button", { name: /Language/ })
      .click();
    const saved = page.waitForResponse(
      (response) => response.url().endsWith("/api/profile/theme") && response.request().method() === "PUT",
    );
    await page.getByRole("menuitemradio", { name: "Dark", exact: true }).click();
    expect((await saved).status()).toBe(200);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");

    // Another browser, light by its system and with nothing stored: light until the person signs in.
    const fresh = await session.newPage({ colorScheme: "light" });
    await session.visit(fresh, "/en/");
    expect(await fresh.evaluate(() => document.documentElement.dataset.theme)).toBe("light");
    await signIn(fresh, deck.email, deck.password);
    await fresh.getByRole("button", { name: /Account menu for/ }).waitFor();
    await fresh.waitForFunction(() => document.documentElement.dataset.theme === "dark");
    // Kept on that device too, so its next visit paints dark from the start.
    expect(await fresh.evaluate(() => localStorage.getItem("preferredTheme"))).toBe("dark");
    await fresh.reload();
    await fresh.getByRole("heading", { level: 1 }).first().waitFor();
    expect(await fresh.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
    await expectAccessible(fresh);
  });

  it("keeps the scheme chosen as a visitor through sign-up: the browser that confirms and a fresh one are dark", async () => {
    const visitor = await session.newPage({ colorScheme: "light" });
    await session.visit(visitor, "/en/");
    await chooseDark(visitor, "Dark");
    const email = newEmail("scheme");
    await signUp(visitor, email, "long-enough-1");
    await visitor.getByRole("dialog").getByText(email).waitFor();

    // The link is followed in another browser (a phone's mail app, say): it has nothing stored, and
    // the browser that signed up never signs in, so only the sign-up can have carried the choice.
    const confirming = await session.newPage({ colorScheme: "light" });
    await followMailLink(confirming, email);
    await confirming.getByRole("button", { name: /Account menu for/ }).waitFor();
    await confirming.waitForFunction(() => document.documentElement.dataset.theme === "dark");
    expect(await confirming.evaluate(() => localStorage.getItem("preferredTheme"))).toBe("dark");

    const fresh = await session.newPage({ colorScheme: "light" });
    await session.visit(fresh, "/en/");
    expect(await fresh.evaluate(() => document.documentElement.dataset.theme)).toBe("light");
    await signIn(fresh, email, "long-enough-1");
    await fresh.getByRole("button", { name: /Account menu for/ }).waitFor();
    await fresh.waitForFunction(() => document.documentElement.dataset.theme === "dark");
    await expectAccessible(fresh);
  });

  it("gives an account without a scheme the one chosen on this device before signing in", async () => {
    const account = await createDeckFixture(inject("baseURL"), FOUR_CARDS);
    const visitor = await session.newPage({ colorScheme: "light" });
    await session.visit(visitor, "/ja/");
    await chooseDark(visitor, "ダーク");
    const saved = visitor.waitForResponse(
      (response) => response.url().endsWith("/api/profile/theme") && response.request().method() === "PUT",
    );
    await signIn(visitor, account.email, account.password, "ja");
    expect((await saved).status()).toBe(200);
    expect(await visitor.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");

    const fresh = await session.newPage({ colorScheme: "light" });
    await session.visit(fresh, "/ja/");
    await signIn(fresh, account.email, account.password, "ja");
    await fresh.getByRole("button", { name: /のアカウントメニュー/ }).waitFor();
    await fresh.waitForFunction(() => document.documentElement.dataset.theme === "dark");
  });
});

/** Chooses the dark scheme in the header's language menu. */
async function chooseDark(page: Page, name: "Dark" | "ダーク") {
  await page
    .getByRole("banner")
    .getByRole("button", { name: /Language|言語/ })
    .click();
  await page.getByRole("menuitemradio", { name, exact: true }).click();
  await page.waitForFunction(() => document.documentElement.dataset.theme === "dark");
}
