/**
 * npm run bench:timing — how exactly the timed test shows each question.
 *
 * Starts the real server on a fresh data folder, makes a deck of 40 cards with display times from
 * 0.5 s to 3 s, takes its test in headless Chromium, and reads the page's own frame timestamps
 * (the "flash-shown" and "flash-hidden" performance marks, taken on the animation frames that
 * paint and remove the question). Prints the distribution of on-screen time minus display time.
 * A benchmark, not a test: it prints numbers and asserts nothing.
 */
import { launchChromium } from "../harness/chromium";
import { createDeckFixture } from "../harness/fixtures";
import { startServer } from "../harness/server";
import { ensureClientBuild } from "../scripts/client-build";

// Some are not whole numbers of 60 Hz frames (0.55, 1.33, 2.71 s), so rounding to frames shows.
const DURATIONS = [0.5, 0.55, 0.75, 1, 1.33, 1.5, 2, 2.71, 3];
const QUESTIONS = 40;
const FRAME_MS = 1000 / 60;

await ensureClientBuild();
const server = await startServer({ SEED_DEMO: "false" });
const browser = await launchChromium();

try {
  const cards = Array.from({ length: QUESTIONS }, (_, i) => ({
    question: `Question ${i + 1}`,
    answer: `Answer ${i + 1}`,
    duration: DURATIONS[i % DURATIONS.length] as number,
  }));
  const deck = await createDeckFixture(server.url, cards);
  const page = await browser.newPage({ baseURL: server.url });
  await page.goto(`/en/courses/${deck.courseId}/decks/${deck.deckId}/test`);
  await page.getByRole("button", { name: "Begin test" }).click();

  const started = Date.now();
  for (let i = 0; i < QUESTIONS; i++) {
    await page.getByRole("button", { name: "Show question" }).click();
    const question = (await page.getByTestId("flash-question").textContent()) ?? "";
    await page.getByRole("heading", { name: "Which is the answer?" }).waitFor();
    const answer = question.replace("Question", "Answer");
    await page
      .getByRole("main")
      .getByRole("button", { name: new RegExp(`\\d ${answer}$`) })
      .click();
  }
  await page.getByRole("heading", { name: "You passed!" }).waitFor();

  const flashes = await page.evaluate(() =>
    performance.getEntriesByName("flash-hidden").map((mark) => {
      const detail = (mark as PerformanceMark).detail as { durationMs: number; shownAt: number };
      return { durationMs: detail.durationMs, onScreenMs: mark.startTime - detail.shownAt };
    }),
  );
  // A string, not a function: tsx's helpers for named functions do not exist in the page.
  const frameIntervals = await page.evaluate<number[]>(`new Promise((resolve) => {
    const times = [];
    const tick = (now) => {
      times.push(now);
      if (times.length < 121) requestAnimationFrame(tick);
      else resolve(times.slice(1).map((t, i) => t - times[i]));
    };
    requestAnimationFrame(tick);
  })`);

  const errors = flashes.map((f) => f.onScreenMs - f.durationMs);
  const abs = errors.map(Math.abs).sort((a, b) => a - b);
  const at = (q: number) => abs[Math.min(abs.length - 1, Math.floor(q * abs.length))] ?? Number.NaN;
  const frame = [...frameIntervals].sort((a, b) => a - b)[Math.floor(frameIntervals.length / 2)] ?? FRAME_MS;
  const fmt = (ms: number) => `${ms.toFixed(2)} ms`;

  console.log(
    `Timed test display accuracy (${flashes.length} questions, ${DURATIONS[0]}–${DURATIONS.at(-1)} s, ${((Date.now() - started) / 1000).toFixed(0)} s run)`,
  );
  console.log(`  frame interval (median): ${fmt(frame)}`);
  console.log(`  |error| median:          ${fmt(at(0.5))}`);
  console.log(`  |error| 95th percentile: ${fmt(at(0.95))}`);
  console.log(`  |error| max:             ${fmt(abs.at(-1) ?? Number.NaN)}`);
  console.log(
    `  within one frame (${fmt(FRAME_MS)}): ${((abs.filter((e) => e <= FRAME_MS).length / abs.length) * 100).toFixed(1)} %`,
  );
  console.log(`  signed errors (ms):      ${errors.map((e) => e.toFixed(1)).join(" ")}`);
} finally {
  await browser.close();
  await server.stop();
}
