/**
 * Offline study (issue #12) with the connection really cut (`context.setOffline(true)`): a kept
 * course reloads and is studied in every mode and tested without a network; back online, every
 * answer is on the server exactly once and the deck is passed. A sync cut in the middle (the
 * server got the batch, the reply was lost) is retried without doubles; an outbox of more than
 * 500 answers goes in batches; pages that are not kept say so; the app opens offline after the
 * browser restarts; a visitor's answers are offered to the account they sign in to.
 */

import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../harness/chromium";
import { createDeckFixture, type DeckFixture } from "../harness/fixtures";
import { signIn } from "./support/accounts";
import { expectAccessible, PHONE, setupBrowser } from "./support/browser";
import { cutConnection, restoreConnection, serviceWorkerReady } from "./support/offline";
import { answerOf, takeTest } from "./support/study";

const session = setupBrowser();

const CARDS = [
  { question: "rojo", answer: "red" },
  { question: "azul", answer: "blue" },
  { question: "verde", answer: "green" },
  { question: "negro", answer: "black" },
];

/** Answers on the server for the signed-in person (the statistics count every recorded answer). */
async function answersOnServer(page: Page): Promise<number> {
  const stats = (await (await page.request.get("/api/stats")).json()) as { reviewsPerDay: { reviews: number }[] };
  return stats.reviewsPerDay.reduce((sum, day) => sum + day.reviews, 0);
}

async function passedDecks(page: Page, courseId: number): Promise<number[]> {
  const course = (await (await page.request.get(`/api/courses/${courseId}`)).json()) as {
    viewer: { passedDeckIds: number[] } | null;
  };
  return course.viewer?.passedDeckIds ?? [];
}

async function signInAs(page: Page, fixture: DeckFixture, language: "en" | "ja" = "en") {
  await page.goto(`/${language}/`);
  await signIn(page, fixture.email, fixture.password, language);
  await page.getByRole("button", { name: language === "en" ? /Account menu for/ : /のアカウントメニュー/ }).waitFor();
}

async function keepCourse(page: Page, fixture: DeckFixture) {
  await session.visit(page, `/en/courses/${fixture.courseId}`);
  await page.getByRole("switch", { name: "Keep offline" }).check();
  await page.getByRole("main").getByRole("link", { name: "Kept offline" }).waitFor();
  expect(await page.getByRole("switch", { name: "Keep offline" }).isChecked()).toBe(true);
}

/** Studies the deck's flashcards: `marks` cards marked known. */
async function flipCards(page: Page, deckPath: string, marks: number) {
  await session.visit(page, `${deckPath}/flashcards`);
  for (let i = 1; i <= marks; i++) {
    await page.getByText(`(${i}/4)`).waitFor();
    await page.keyboard.press("ArrowUp");
    await page.getByText("Marked as known").waitFor();
    // Marking moves on to the next card by itself (#14, study flow).
    if (i < 4) await page.getByText(`(${i + 1}/4)`).waitFor();
  }
}

const waiting = (page: Page, count: number) =>
  page.getByRole("banner").getByText(`${count} answer${count === 1 ? "" : "s"} waiting to sync`);

describe("offline study", () => {
  let deck: DeckFixture;
  beforeAll(async () => {
    deck = await createDeckFixture(inject("baseURL"), CARDS);
  });

  it("reviews, studies in every mode and passes the test of a kept course offline; back online, each answer is sent once", async () => {
    const page = await session.newPage();
    const context = page.context();
    // Offline is not an error: nothing the app logs as one (the browser's own failed requests aside).
    const appErrors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" && !message.text().startsWith("Failed to load resource"))
        appErrors.push(message.text());
    });
    await signInAs(page, deck);
    await keepCourse(page, deck);
    await serviceWorkerReady(page);
    const before = await answersOnServer(page);
    const deckPath = `/en/courses/${deck.courseId}/decks/${deck.deckId}`;

    await cutConnection(context);
    await page.reload();
    await page.getByRole("heading", { level: 1, name: deck.courseName }).waitFor();
    await page.getByText(/^You are offline\./).waitFor();
    // Writes that need the server say why they are off (once the remembered session is read).
    await page.getByText("Needs a connection").first().waitFor();
    expect(await page.getByRole("button", { name: /Follow/ }).isDisabled()).toBe(true);
    await expectAccessible(page);

    // Review was never opened online here: /review offline shows every kept course's queue (#23).
    await session.visit(page, "/en/review");
    await page.getByText("0 of 4", { exact: true }).waitFor();

    // The course's review queue came with it: one card reviewed offline.
    await session.visit(page, `/en/review?course=${deck.courseId}`);
    await page.getByText("0 of 4", { exact: true }).waitFor();
    await page.keyboard.press("Space");
    await page.getByRole("button", { name: /^3 Good/ }).waitFor();
    await page.keyboard.press("3");
    await page.getByText("1 of 4", { exact: true }).waitFor();
    await waiting(page, 1).waitFor();

    // Each mode's answers are in the outbox before the next page loads.
    await flipCards(page, deckPath, 2);
    await waiting(page, 3).waitFor();

    await session.visit(page, `${deckPath}/multiple_choice`);
    for (const group of await page.getByRole("group").all()) {
      const question = (await group.locator("legend").innerText()).replace(/^\d+\.\s*/, "");
      await group.getByRole("radio", { name: answerOf(CARDS, question), exact: true }).check();
    }
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByRole("button", { name: "Restart" }).waitFor();
    await waiting(page, 7).waitFor();

    await session.visit(page, `${deckPath}/matching`);
    const questions = await page.getByRole("region", { name: "Questions" }).getByRole("listitem").allTextContents();
    for (const [i, text] of questions.entries()) {
      const question = text.replace(/^\d+\.\s*/, "");
      await page.getByLabel(`Question number for “${answerOf(CARDS, question)}”`).selectOption(String(i + 1));
    }
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByRole("status").getByText("4/4").waitFor();
    await waiting(page, 11).waitFor();

    await session.visit(page, `${deckPath}/tile_game`);
    await page.getByRole("button", { name: "Start" }).click();
    const tile = (text: string) =>
      page.getByRole("region", { name: /Tile board/ }).getByRole("button", { name: text, exact: true });
    for (const card of CARDS) {
      await tile(card.question).focus();
      await page.keyboard.press("Enter");
      await tile(card.answer).focus();
      await page.keyboard.press("Enter");
      await tile(card.question).waitFor({ state: "detached" });
    }
    await waiting(page, 15).waitFor();

    await session.visit(page, `${deckPath}/test`);
    expect(await takeTest(page, CARDS)).toBeNull();
    // Offline, a waiting pass is the expected course of things: said calmly, not as an error (#23).
    await page
      .getByRole("main")
      .getByRole("status")
      .getByText("Test passed. It is saved on this device and syncs when you are back online.")
      .waitFor();
    expect(await page.getByRole("main").getByRole("alert").count()).toBe(0);
    // The kept course shows the deck passed already.
    await session.visit(page, `/en/courses/${deck.courseId}`);
    await page
      .getByRole("link", { name: /Numbers/ })
      .getByRole("img", { name: "Completed" })
      .waitFor();

    // 1 review, 2 flips, 4 choices, 4 matches, 4 tiles, 4 test answers: all waiting, none on the server yet.
    await waiting(page, 19).waitFor();
    expect(await answersOnServer(page)).toBe(before);
    expect(await passedDecks(page, deck.courseId)).not.toContain(deck.deckId);

    // A page that was never kept says so instead of showing empty lists; creating needs the network.
    await session.visit(page, "/en/home");
    await page.getByRole("heading", { name: "Not available offline" }).waitFor();
    // What Home can still offer: the kept courses' review (#23).
    await page.getByRole("link", { name: "Review the cards of the courses kept on this device" }).click();
    await page.waitForURL((url) => url.pathname === "/en/review");
    await page.getByRole("heading", { level: 1, name: "Review" }).waitFor();
    // Loaded from the kept queues: a card to review, or the queue done (every card was answered in
    // the study modes above); never "could not be loaded".
    await page
      .getByText(/^\d+ of \d+$|^Nothing to review right now\.$|^Next card due:|^No cards are scheduled yet\./)
      .first()
      .waitFor();
    expect(await page.getByText("The cards to review could not be loaded", { exact: false }).count()).toBe(0);
    await session.visit(page, "/en/home");
    expect(await page.getByRole("banner").getByRole("button", { name: "Create Course" }).isDisabled()).toBe(true);

    await waiting(page, 19).waitFor();
    await restoreConnection(context);
    await expect.poll(() => answersOnServer(page), { timeout: 30_000 }).toBe(before + 19);
    await page
      .getByRole("banner")
      .getByText(/waiting to sync/)
      .waitFor({ state: "detached" });
    expect(await passedDecks(page, deck.courseId)).toContain(deck.deckId);
    expect(appErrors).toEqual([]);
  });

  it("resends a batch whose reply was cut off: nothing is lost and nothing counts twice", async () => {
    const page = await session.newPage();
    await signInAs(page, deck);
    await keepCourse(page, deck);
    await serviceWorkerReady(page);
    const before = await answersOnServer(page);
    const deckPath = `/en/courses/${deck.courseId}/decks/${deck.deckId}`;

    await cutConnection(page.context());
    await flipCards(page, deckPath, 3);
    await waiting(page, 3).waitFor();

    // The first batch reaches the server, but its reply never comes back; later tries fail too
    // until the connection is "repaired".
    let cut = 0;
    let repaired = false;
    await page.route("**/api/reviews/batch", async (route) => {
      if (repaired) return route.continue();
      if (cut === 0) {
        cut += 1;
        await route.fetch();
      }
      await route.abort("connectionreset");
    });
    await restoreConnection(page.context());
    await expect.poll(() => cut).toBe(1);
    await expect.poll(() => answersOnServer(page)).toBe(before + 3);
    // Still waiting: the client could not know the server had them.
    await waiting(page, 3).waitFor();

    // The next trigger sends the same answers again: the server keeps one of each.
    repaired = true;
    await page.evaluate(() => window.dispatchEvent(new Event("online")));
    await page
      .getByRole("banner")
      .getByText(/waiting to sync/)
      .waitFor({ state: "detached" });
    expect(await answersOnServer(page)).toBe(before + 3);
  });

  it("waits as long as the server's limit asks (429, Retry-After), says so, keeps the answers, then sends them", async () => {
    const page = await session.newPage();
    await signInAs(page, deck);
    const before = await answersOnServer(page);
    const deckPath = `/en/courses/${deck.courseId}/decks/${deck.deckId}`;
    // The first batch meets the per-learner limit (decision 0038); the server asks for 5 seconds.
    let batches = 0;
    await page.route("**/api/reviews/batch", async (route) => {
      batches += 1;
      if (batches > 1) return route.continue();
      await route.fulfill({
        status: 429,
        headers: { "content-type": "application/json", "retry-after": "5" },
        body: JSON.stringify({ error: { code: "rate_limited", message: "Too many answers", reason: "review_limit" } }),
      });
    });
    await flipCards(page, deckPath, 1);
    await page
      .getByRole("banner")
      .getByText(
        /^1 answer waiting to sync: this account has reached the number of answers the server takes for now, so it is sent from .+\. It stays on this device until then\.$/,
      )
      .waitFor();
    expect(batches).toBe(1);
    // After the wait it is sent by itself, once.
    await page
      .getByRole("banner")
      .getByText(/waiting to sync/)
      .waitFor({ state: "detached" });
    expect(await answersOnServer(page)).toBe(before + 1);
    expect(batches).toBe(2);
  });

  it("sends an outbox of 1,201 answers in batches of at most 500", async () => {
    const page = await session.newPage();
    await signInAs(page, deck);
    await session.visit(page, `/en/courses/${deck.courseId}`);
    const before = await answersOnServer(page);
    const session_ = (await (await page.request.get("/api/auth/get-session")).json()) as { user: { id: string } };
    const cards = (
      (await (await page.request.get(`/api/decks/${deck.deckId}`)).json()) as { flashcards: { id: number }[] }
    ).flashcards;

    const batches: number[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/reviews/batch")) {
        batches.push((JSON.parse(request.postData() ?? "{}") as { reviews: unknown[] }).reviews.length);
      }
    });
    await cutConnection(page.context());
    // A long trip's worth of answers, written into the outbox as the study screens write them.
    const total = 1201;
    await page.evaluate(
      async ({ userId, cardIds, total }) => {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open("flashcards-offline");
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        const tx = db.transaction("outbox", "readwrite");
        // Ten minutes apart, ending two days ago: under the 50 answers per card and day (0038).
        const start = Date.now() - 2 * 24 * 3600 * 1000 - total * 600_000;
        for (let i = 0; i < total; i++) {
          const id = crypto.randomUUID();
          const answeredAt = new Date(start + i * 600_000).toISOString();
          const cardId = cardIds[i % cardIds.length] ?? 0;
          tx.objectStore("outbox").put({
            kind: "answer",
            id,
            userId,
            queuedAt: start + i,
            review: { id, cardId, mode: "flip", grade: 3, answeredAt },
          });
        }
        await new Promise((resolve) => {
          tx.oncomplete = resolve;
        });
        db.close();
      },
      { userId: session_.user.id, cardIds: cards.map((card) => card.id), total },
    );
    await restoreConnection(page.context());
    await expect.poll(() => answersOnServer(page), { timeout: 30_000 }).toBe(before + total);
    expect(batches).toEqual([500, 500, 201]);
  });

  it("says a page is not available offline, with a retry and a way back, in Japanese on a phone", async () => {
    const page = await session.newPage(PHONE);
    await session.visit(page, `/ja/courses/${deck.courseId}`);
    await serviceWorkerReady(page);
    await cutConnection(page.context());
    await page.goto("/ja/courses/999999");
    await page.getByRole("heading", { name: "オフラインでは表示できません" }).waitFor();
    await page.getByRole("button", { name: "再試行" }).waitFor();
    await page.getByRole("button", { name: "戻る" }).waitFor();
    await expectAccessible(page);
    // Back online, the retry loads what is there (here: no such course).
    await restoreConnection(page.context());
    await page.getByRole("button", { name: "再試行" }).click();
    await page.getByText("このコースは存在しないか、削除されました。").waitFor();
  });

  it("lists what is kept with its size, and removes it", async () => {
    const page = await session.newPage();
    await signInAs(page, deck);
    await keepCourse(page, deck);
    await session.visit(page, "/en/offline");
    const item = page.getByRole("listitem").filter({ hasText: deck.courseName });
    await item.getByText(/1 deck · [\d.]+\s(kB|byte)/).waitFor(); // a no-break space: the size stays on one line
    await page.getByText(/^Space used: /).waitFor();
    await item.getByRole("button", { name: `Remove ${deck.courseName} from this device` }).click();
    await item.waitFor({ state: "detached" });
    await page.getByText("No course is kept offline yet.", { exact: false }).waitFor();
  });

  it("offers a visitor's answers to the account they sign in to", async () => {
    const page = await session.newPage();
    const deckPath = `/en/courses/${deck.courseId}/decks/${deck.deckId}`;
    await page.goto("/en/");
    await flipCards(page, deckPath, 2);
    await signIn(page, deck.email, deck.password);
    await page.getByRole("button", { name: /Account menu for/ }).waitFor();
    await page.getByText("You answered 2 cards on this device before signing in.", { exact: false }).waitFor();
    await expectAccessible(page);
    const before = await answersOnServer(page);
    await page.getByRole("button", { name: "Add to my account" }).click();
    await expect.poll(() => answersOnServer(page)).toBe(before + 2);
  });
});

describe("search offline (decision 0035)", () => {
  it("says search needs a connection, with Try again; when the connection returns the results come", async () => {
    const page = await session.newPage();
    await session.visit(page, "/en/");
    await serviceWorkerReady(page);
    await cutConnection(page.context());
    // From the header, after the browser said it is offline: the failed state, not a spinner.
    await page.getByRole("banner").getByRole("button", { name: "Search" }).click();
    await page.getByRole("dialog", { name: "Search courses" }).getByLabel("Course, tag or deck name").fill("capitals");
    await page.keyboard.press("Enter");
    const failed = page.getByRole("alert").filter({ hasText: "Not available offline" });
    await failed.getByText("Searching needs a connection. Try again when you are back online.").waitFor();
    await expectAccessible(page);
    // Trying again while offline asks once more and comes back to the same state (no endless
    // spinner: "Searching…" may show for that try, and must go).
    await failed.getByRole("button", { name: "Try again" }).click();
    await page.getByText("Searching…").waitFor({ state: "hidden", timeout: 10_000 });
    await failed.getByRole("button", { name: "Go back" }).waitFor({ timeout: 10_000 });
    // When the connection returns, the search is tried again by itself (the query client refetches
    // on "online" what failed while the page knew it was offline).
    await restoreConnection(page.context());
    await page.getByRole("list", { name: "Search results" }).getByText("World Capitals").waitFor();
    expect(await failed.count()).toBe(0);
  });

  it("offers Try again in Japanese on a phone, and it finds the courses once the connection is back", async () => {
    const page = await session.newPage(PHONE);
    await session.visit(page, "/ja/");
    await serviceWorkerReady(page);
    await cutConnection(page.context());
    // Opened offline (from the service worker's copy of the app), the page fails at once.
    await page.goto(`/ja/search?q=${encodeURIComponent("capitals")}`);
    const failed = page.getByRole("alert").filter({ hasText: "オフラインでは表示できません" });
    await failed.getByText("検索には接続が必要です。オンラインに戻ってから、もう一度お試しください。").waitFor();
    await failed.getByRole("button", { name: "戻る" }).waitFor();
    await expectAccessible(page);
    // Back online, Try again finds the courses.
    await restoreConnection(page.context());
    await failed.getByRole("button", { name: "再試行" }).click();
    await page.getByRole("list", { name: "検索結果" }).getByText("World Capitals").waitFor();
    await expectAccessible(page);
  });
});

describe("the installed app", () => {
  it("offers a new version with a reload, and leaves the open page alone until then", async () => {
    const page = await session.newPage();
    await session.visit(page, "/en/offline");
    await serviceWorkerReady(page);
    // A new deploy: the worker the server sends changes (put back after the test).
    const worker = join(import.meta.dirname, "../dist/client/sw.js");
    const deployed = await readFile(worker, "utf8");
    try {
      await writeFile(worker, `${deployed}\n// the next version`);
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      await page.getByText("A new version is ready.").waitFor();
      // The open page keeps its version (a study session is not swapped out) until the person chooses.
      await session.visit(page, "/en/offline");
      await page.getByText("A new version is ready.").waitFor();
      await page.getByRole("button", { name: "Reload" }).click();
      await page.waitForEvent("load");
      await page.getByRole("heading", { level: 1, name: "Kept offline" }).waitFor();
      expect(await page.getByText("A new version is ready.").count()).toBe(0);
    } finally {
      await writeFile(worker, deployed);
    }
  });

  it("opens offline after the browser restarts, from the service worker's cache", async () => {
    const profile = await mkdtemp(join(tmpdir(), "flashcards-offline-profile-"));
    const baseURL = inject("baseURL");
    try {
      const first = await chromium.launchPersistentContext(profile, {
        executablePath: CHROMIUM_PATH,
        args: CHROMIUM_FLAGS,
        baseURL,
      });
      const page = first.pages()[0] ?? (await first.newPage());
      await page.goto("/en/");
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      await serviceWorkerReady(page);
      const manifest = await page.evaluate(async () => {
        const href = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.href ?? "";
        return (await fetch(href)).json();
      });
      expect(manifest).toMatchObject({ name: "Flashcards", display: "standalone" });
      await first.close();

      const again = await chromium.launchPersistentContext(profile, {
        executablePath: CHROMIUM_PATH,
        args: CHROMIUM_FLAGS,
        baseURL,
        offline: true,
      });
      try {
        const offlinePage = again.pages()[0] ?? (await again.newPage());
        await offlinePage.goto("/en/offline");
        await offlinePage.getByRole("heading", { level: 1, name: "Kept offline" }).waitFor();
        await offlinePage.getByText(/^You are offline\./).waitFor();
        await expectAccessible(offlinePage);
      } finally {
        await again.close();
      }
    } finally {
      await rm(profile, { recursive: true, force: true });
    }
  });
});
