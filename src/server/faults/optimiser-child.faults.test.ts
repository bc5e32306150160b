/**
 * Issue #23 item 6, decision 0046: the memory-model optimiser is native code (fsrs-rs), and a panic
 * in it aborts the process it runs in — given a card answered twice the same day and never a day
 * later, it does ("Invalid FSRS item: at least one review with delta_t > 0 is required … panic in a
 * function that cannot unwind … aborting"). The server never builds that input, but an unknown
 * panic would have taken the whole server down with it while the optimiser ran in a worker thread.
 * It now runs in a child process: a real server fits a learner whose fit meets that very panic
 * (MEMORY_MODEL_TEST_PANIC_FILE, read only by the optimiser's child under NODE_ENV=test, adds the
 * panicking item once), and must stay up, record the fit as failed, keep the defaults for that
 * learner, and fit the next learner normally in a new child.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { PARAMETER_COUNT } from "@shared/memory/scheduler";
import type { MemoryModelStatus } from "@shared/schemas/memory-model";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/client";
import { memoryModels, users } from "../db/schema";
import { settingsOf } from "../features/reviews/reviews.service";
import { syntheticReviewLog } from "../test/synthetic-review-log";
import { type ServerProcess, startServer, tempDir, waitFor } from "./harness";

const dataDir = await tempDir("optimiser");
const panicFile = join(dataDir, "panic-once");
let server: ServerProcess | undefined;
afterAll(async () => {
  await server?.stop("SIGKILL");
  await rm(dataDir, { recursive: true, force: true });
});

/** 450 answers over about two months, a new card a day: 68 cards (at most 50 a deck). */
const LOG = syntheticReviewLog({ answers: 450, newPerDay: 1 });
const CARD_COUNT = new Set(LOG.map((answer) => answer.card)).size;
const DAY = 24 * 60 * 60 * 1000;

/** A call to the server as the signed-in person's browser makes it (GET without a body, else POST). */
function call(url: string, path: string, { body, cookie }: { body?: unknown; cookie?: string } = {}) {
  return fetch(`${url}${path}`, {
    method: body === undefined ? "GET" : "POST",
    redirect: "manual",
    headers: {
      origin: url,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(cookie ? { cookie } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** A confirmed account (its link read from the outbox), signed in: its email and session cookie. */
async function newAccount(url: string) {
  const email = `learner-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const body = { email, password: "long-enough-1", name: "learner", callbackURL: "/confirm-signup" };
  expect((await call(url, "/api/auth/sign-up/email", { body })).ok).toBe(true);
  const outbox = await (await call(url, "/dev/outbox")).text();
  const mail = outbox.split("<article>").find((part) => part.includes(email)) ?? "";
  const link = new URL(/href="([^"]+)"/.exec(mail)?.[1]?.replaceAll("&amp;", "&") ?? "");
  const confirmed = await call(url, link.pathname + link.search);
  const cookie = confirmed.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  return { email, cookie };
}

/**
 * A new learner (an author studying their own course, 68 cards in two decks of at most 50) whose
 * log is the made-up one, sent as a device sends it.
 */
async function learnerWithLog(url: string) {
  const { email, cookie } = await newAccount(url);
  const course = await call(url, "/api/courses", { body: { name: "Words", description: "Words" }, cookie });
  const { id: courseId } = (await course.json()) as { id: number };
  const ids: number[] = [];
  for (const [from, count] of [
    [1, 50],
    [51, CARD_COUNT - 50],
  ] as const) {
    const cards = Array.from({ length: count }, (_, i) => ({
      question: `Word ${from + i}`,
      answer: `Meaning ${from + i}`,
      duration: 0.5,
    }));
    const deck = await call(url, `/api/courses/${courseId}/decks`, {
      body: { name: `From ${from}`, description: "Words", cards },
      cookie,
    });
    expect(deck.status, await deck.clone().text()).toBe(201);
    const { id: deckId } = (await deck.json()) as { id: number };
    const read = await call(url, `/api/decks/${deckId}`, { cookie });
    ids.push(...((await read.json()) as { flashcards: { id: number }[] }).flashcards.map((card) => card.id));
  }
  // Moved by whole days (its days stay days) to end a few hours ago.
  const shift = Math.floor((Date.now() - 2 * 60 * 60 * 1000 - (LOG.at(-1)?.answeredAt.getTime() ?? 0)) / DAY) * DAY;
  const reviews = LOG.map((answer) => ({
    id: crypto.randomUUID(),
    cardId: ids[answer.card],
    mode: "review",
    grade: answer.grade,
    answeredAt: new Date(answer.answeredAt.getTime() + shift).toISOString(),
  }));
  const sent = await call(url, "/api/reviews/batch", { body: { reviews }, cookie });
  expect(sent.status, await sent.clone().text()).toBe(200);
  return { email, cookie };
}

async function modelStatus(url: string, cookie: string): Promise<MemoryModelStatus> {
  const res = await fetch(`${url}/api/stats/memory-model`, { headers: { origin: url, cookie } });
  expect(res.status).toBe(200);
  return (await res.json()) as MemoryModelStatus;
}

/** The fit's end as the learner's Statistics page sees it (the recorded answers start it in the background). */
function fitEnded(url: string, cookie: string) {
  return waitFor(
    "the memory model's fit to end",
    async () => {
      if (!server?.alive()) throw new Error(`The server died:\n${server?.output()}`);
      const status = await modelStatus(url, cookie);
      return status.state === "done" || status.state === "failed" ? status : undefined;
    },
    120_000,
  );
}

/**
 * The server's optimiser children still there (Linux's /proc): its processes running
 * optimiser-child.ts or .js (tsx has a child of its own, esbuild).
 */
function optimiserChildren(serverPid: number): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const parent = /^PPid:\s+(\d+)$/m.exec(readFileSync(`/proc/${entry}/status`, "utf8"))?.[1];
        return (
          parent === String(serverPid) &&
          /optimiser-child\.[jt]s\0/.test(readFileSync(`/proc/${entry}/cmdline`, "utf8"))
        );
      } catch {
        return false; // ended meanwhile
      }
    })
    .map(Number);
}

describe("a native panic in the memory-model optimiser", () => {
  it("ends only the optimiser's child process: the server answers, the fit is failed, the defaults stay, the next fit works", async () => {
    await writeFile(panicFile, "");
    server = await startServer({ DATA_DIR: dataDir, MEMORY_MODEL_TEST_PANIC_FILE: panicFile });
    const { url } = server;
    const serverPid = server.child.pid ?? 0;

    // The first learner's fit (started by their answers) meets fsrs-rs's panic: its child aborts.
    const hit = await learnerWithLog(url);
    const failed = await fitEnded(url, hit.cookie);
    expect(failed).toMatchObject({ state: "failed", inUse: false, fit: null });
    expect(existsSync(panicFile)).toBe(false); // the child took the one panic asked for
    expect(server.alive()).toBe(true);
    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);
    // Logged just after the row is written: the line may still be on its way.
    const logged = await waitFor("the failed fit in the server's log", () =>
      server?.output().includes("killed by SIGABRT") ? server.output() : undefined,
    );
    expect(logged).toContain("Invalid FSRS item: at least one review with delta_t > 0 is required");
    await waitFor("the aborted child to be gone", () => (optimiserChildren(serverPid).length === 0 ? true : undefined));

    // The next learner's fit runs in a new child and succeeds.
    const next = await learnerWithLog(url);
    const done = await fitEnded(url, next.cookie);
    expect(done).toMatchObject({ state: "done", inUse: true });
    expect(done.fit?.better).toBe(true);
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    // The first learner still has the defaults, and nothing else happened to them.
    expect(await modelStatus(url, hit.cookie)).toMatchObject({ state: "failed", inUse: false, fit: null });
    await waitFor("the finished child to be gone", () =>
      optimiserChildren(serverPid).length === 0 ? true : undefined,
    );

    // Stopped cleanly (exit 0), and what it stored, read from its database.
    expect(await server.stop("SIGTERM")).toBe(0);
    const database = await openDatabase({ dataDir: join(dataDir, "pglite") });
    try {
      const { db } = database;
      const idOf = async (email: string) =>
        (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? "";
      const [hitId, nextId] = [await idOf(hit.email), await idOf(next.email)];
      const [hitRow] = await db.select().from(memoryModels).where(eq(memoryModels.userId, hitId));
      expect(hitRow?.status).toBe("failed");
      expect(hitRow?.parameters).toBeNull();
      expect(hitRow?.lastError).toMatch(/killed by SIGABRT without a reply .*Invalid FSRS item/);
      expect((await settingsOf(db, hitId)).parameters).toBeNull();
      const [nextRow] = await db.select().from(memoryModels).where(eq(memoryModels.userId, nextId));
      expect(nextRow?.status).toBe("done");
      expect((await settingsOf(db, nextId)).parameters).toHaveLength(PARAMETER_COUNT);
    } finally {
      await database.close();
    }
  });
});
