// Temporary: screenshots for review (not committed).
import { chromium } from "playwright-core";
import { createDeckFixture } from "../harness/fixtures";

const base = process.env.BASE ?? "http://127.0.0.1:3100";
const out = "/work/notes/shots";
const cards = ["one", "two", "three", "four", "five", "six"].map((q, i) => ({ question: q, answer: String(i + 1) }));
const fixture = await createDeckFixture(base, cards);
const headers = { origin: base, cookie: fixture.cookie, "content-type": "application/json" };
const deck = (await (await fetch(`${base}/api/decks/${fixture.deckId}`, { headers })).json()) as { flashcards: { id: number }[] };
const ids = deck.flashcards.map((c) => c.id);
const at = (ms: number) => new Date(Date.now() - ms).toISOString();
const reviews = [
  ...ids.slice(0, 2).map((cardId) => ({ cardId, mode: "flip", grade: 1, answeredAt: at(3 * 86400000) })),
  ...ids.slice(2, 4).map((cardId) => ({ cardId, mode: "test", grade: 3, answeredAt: at(60000) })),
].map((r) => ({ ...r, id: crypto.randomUUID() }));
await fetch(`${base}/api/reviews/batch`, { method: "POST", headers, body: JSON.stringify({ reviews }) });
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
const [name, value] = fixture.cookie.split(";")[0]?.split("=") ?? [];
const pages = (process.env.PAGES ?? "stats,course,deck").split(",");
const paths: Record<string, string> = {
  stats: "/stats",
  course: `/courses/${fixture.courseId}`,
  deck: `/courses/${fixture.courseId}/decks/${fixture.deckId}`,
  home: "/home",
  review: "/review",
};
for (const [lang, w, h, dark] of [
  ["en", 1280, 800, false],
  ["ja", 390, 844, false],
  ["ja", 390, 844, true],
] as const) {
  const context = await browser.newContext({ viewport: { width: w, height: h }, colorScheme: dark ? "dark" : "light" });
  await context.addCookies([{ name: name ?? "", value: value ?? "", url: base }]);
  const page = await context.newPage();
  for (const p of pages) {
    await page.goto(`${base}/${lang}${paths[p]}`);
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `${out}/${p}-${lang}-${w}${dark ? "-dark" : ""}.png`, fullPage: true });
  }
  await context.close();
}
await browser.close();
