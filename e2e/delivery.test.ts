/**
 * What a first visit downloads: the code of dialogs, menus, toasts and the owner's tools arrives
 * only when someone uses them (docs/decisions/0015-front-end-delivery.md). Checked by the scripts
 * the page really requested and by what they contain, never by timing.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signUpConfirmed } from "./support/accounts";
import { setupBrowser } from "./support/browser";

const session = setupBrowser();

/** Our lazy modules, by the chunk names the build gives them. */
const LAZY_CHUNKS = [
  "auth-dialog-forms",
  "course-form-dialog",
  "deck-editor-dialog",
  "confirm-by-name-dialog",
  "change-password-dialog",
  "search-dialog",
  "contact-dialog",
  "language-menu",
  "account-menu-content",
  "toaster",
  "import-page",
];
/**
 * The offline app's code that only matters once something is stored or someone is signed in
 * (decision 0034): the outbox and its sync, the IndexedDB code, the header's waiting count, the
 * "Keep offline" switch's work, the update prompt; and workbox-window, which the app no longer uses.
 */
const OFFLINE_CHUNKS = [
  "offline-db",
  "outbox",
  "sync",
  "sync-status",
  "kept",
  "keep-course",
  "offline-services",
  "update-prompt",
  "workbox-window.prod.es5",
];

/** Libraries, by a string their code carries. */
const LIBRARY_MARKERS = {
  zod: "ZodError",
  "the toast library": "data-sonner-toaster",
  "the dialog library": "DialogContent",
  "the menu library": "DropdownMenuContent",
};

/** Every script the page requests from now on, with its text. */
function recordScripts(page: Page) {
  const scripts: { name: string; text: Promise<string> }[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    const name = new URL(response.url()).pathname.replace(/^\/assets\//, "");
    scripts.push({ name, text: response.text().catch(() => "") });
  });
  return {
    names: () => scripts.map((script) => script.name),
    /** The offline chunks among the scripts so far. */
    offline: () =>
      OFFLINE_CHUNKS.filter((chunk) =>
        scripts.some((script) => new RegExp(`^${chunk}-[\\w-]{8}\\.js$`).test(script.name)),
      ),
    /** The lazy chunks and libraries among the scripts so far. */
    async found(): Promise<string[]> {
      const texts = await Promise.all(scripts.map((script) => script.text));
      const chunks = LAZY_CHUNKS.filter((chunk) => scripts.some((script) => script.name.startsWith(`${chunk}-`)));
      const libraries = Object.entries(LIBRARY_MARKERS)
        .filter(([, marker]) => texts.some((text) => text.includes(marker)))
        .map(([library]) => library);
      return [...chunks, ...libraries];
    },
  };
}

describe("first visit", () => {
  it("loads the landing page without the code of dialogs, menus, toasts or forms, until they are used", async () => {
    const page = await session.newPage();
    const scripts = recordScripts(page);
    await session.visit(page, "/en/");
    await page.getByRole("region", { name: "Most followed courses" }).getByRole("link").first().waitFor();
    await page.waitForLoadState("networkidle");
    expect(await scripts.found()).toEqual([]);
    // The first load is one script and the runtime it shares with the lazy ones, then the page's.
    expect(scripts.names().filter((name) => /^(?:app|rolldown-runtime)-/.test(name))).toHaveLength(2);

    await page.getByRole("banner").getByRole("button", { name: "Sign in / Sign up" }).click();
    await page.getByRole("dialog", { name: "Sign in" }).waitFor();
    expect(await scripts.found()).toEqual(expect.arrayContaining(["auth-dialog-forms", "the dialog library"]));
    expect(await scripts.found()).not.toContain("course-form-dialog");
    await page.keyboard.press("Escape");

    await page.getByRole("button", { name: /Language/ }).click();
    await page.getByRole("menuitemradio", { name: "日本語" }).waitFor();
    expect(await scripts.found()).toEqual(expect.arrayContaining(["language-menu", "the menu library"]));
    await page.keyboard.press("Escape"); // an open menu hides the rest of the page from assistive technology
  });

  it("shows a visitor a course page and a deck page without the owner's tools", async () => {
    const page = await session.newPage();
    const scripts = recordScripts(page);
    await session.visit(page, "/en/");
    const course = page.getByRole("region", { name: "Most followed courses" }).getByRole("link").first();
    const coursePath = (await course.getAttribute("href")) ?? "";
    // Fresh documents, so that "the network is idle" means this page has asked for all it wants.
    await session.visit(page, coursePath);
    const deckPath = (await page.getByRole("link", { name: /^1\. / }).getAttribute("href")) ?? "";
    await page.waitForLoadState("networkidle");
    await session.visit(page, deckPath);
    await page.getByRole("link", { name: "Study" }).waitFor();
    await page.waitForLoadState("networkidle");
    expect(await scripts.found()).toEqual([]);
    expect(scripts.names().some((name) => name.startsWith("course-page-"))).toBe(true);
  });

  it("gives a visitor the landing and a course page without the outbox, its sync or IndexedDB's code", async () => {
    const page = await session.newPage();
    const scripts = recordScripts(page);
    await session.visit(page, "/en/");
    const course = page.getByRole("region", { name: "Most followed courses" }).getByRole("link").first();
    const coursePath = (await course.getAttribute("href")) ?? "";
    await page.waitForLoadState("networkidle");
    await session.visit(page, coursePath);
    // The switch is enabled once it knows whether the course is kept: nothing is, on a first visit.
    const keep = page.getByRole("switch", { name: "Keep offline" });
    await expect.poll(() => keep.isEnabled()).toBe(true);
    expect(await keep.isChecked()).toBe(false);
    await page.waitForLoadState("networkidle");
    expect(scripts.offline()).toEqual([]);
    // Nothing stored: the browser has no offline database yet.
    expect(
      await page.evaluate(async () => (await indexedDB.databases()).map((database) => database.name)),
    ).not.toContain("flashcards-offline");
  });

  it("loads the outbox once a visitor studies, and the kept courses' code once something is stored", async () => {
    const page = await session.newPage();
    const scripts = recordScripts(page);
    await session.visit(page, "/en/");
    const coursePath =
      (await page
        .getByRole("region", { name: "Most followed courses" })
        .getByRole("link")
        .first()
        .getAttribute("href")) ?? "";
    await session.visit(page, coursePath);
    const deckPath = (await page.getByRole("link", { name: /^1\. / }).getAttribute("href")) ?? "";
    expect(scripts.offline()).toEqual([]);

    // A visitor's answer is kept in the outbox on this device (offered to an account later).
    await session.visit(page, `${deckPath}/flashcards`);
    await page.getByText("(1/", { exact: false }).waitFor();
    await page.keyboard.press("ArrowUp");
    await page.getByText("Marked as known").waitFor();
    await expect.poll(() => scripts.offline()).toEqual(expect.arrayContaining(["outbox", "offline-db"]));
    await expect
      .poll(() => page.evaluate(async () => (await indexedDB.databases()).map((database) => database.name)))
      .toContain("flashcards-offline");

    // Now the course page looks into what is stored (is this course kept?), still without the sync.
    const before = scripts.names().length;
    await session.visit(page, coursePath);
    await expect.poll(() => page.getByRole("switch", { name: "Keep offline" }).isEnabled()).toBe(true);
    await expect
      .poll(() =>
        scripts
          .names()
          .slice(before)
          .some((name) => name.startsWith("kept-")),
      )
      .toBe(true);
    expect(scripts.offline()).not.toContain("offline-services");
    expect(scripts.offline()).not.toContain("sync-status");
  });

  it("loads the outbox's sync and the waiting count for a signed-in person", async () => {
    const page = await session.newPage();
    const scripts = recordScripts(page);
    await page.goto("/en/");
    await page.getByRole("region", { name: "Most followed courses" }).getByRole("link").first().waitFor();
    await page.waitForLoadState("networkidle");
    expect(scripts.offline()).toEqual([]);
    await signUpConfirmed(page);
    await page.getByRole("button", { name: /Account menu for/ }).waitFor();
    await expect
      .poll(() => scripts.offline())
      .toEqual(expect.arrayContaining(["offline-services", "sync-status", "sync", "outbox", "offline-db"]));
  });

  it("gives an owner the course form and the deck editor", async () => {
    const page = await session.newPage();
    const scripts = recordScripts(page);
    await signUpConfirmed(page);
    await page.getByRole("banner").getByRole("button", { name: "Create Course" }).click();
    const dialog = page.getByRole("dialog", { name: "Create a course" });
    await dialog.getByRole("textbox", { name: "Course name" }).fill("Delivery check");
    await dialog.getByRole("button", { name: "Create course" }).click();
    await page.getByRole("heading", { level: 1, name: "Delivery check" }).waitFor();
    await page.getByRole("button", { name: "Create deck" }).waitFor();
    // The owner's page asks for its tools as soon as it knows the viewer owns the course.
    await expect
      .poll(() => scripts.found())
      .toEqual(expect.arrayContaining(["course-form-dialog", "deck-editor-dialog", "confirm-by-name-dialog", "zod"]));
  });
});
