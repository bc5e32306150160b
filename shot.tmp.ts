import { chromium } from "playwright-core";
import { createDeckFixture } from "./harness/fixtures";
const base = "http://127.0.0.1:3561";
const fx = await createDeckFixture(base, [
  { question: "to eat", answer: "食べる[たべる]" },
  { question: "to drink", answer: "飲む[のむ]" },
  { question: "restaurant", answer: "レストラン" },
  { question: "water", answer: "水[みず]" },
]);
const en = await createDeckFixture(base, [
  { question: "comer", answer: "(to) eat" },
  { question: "restaurante", answer: "restaurant" },
  { question: "rojo", answer: "red" },
  { question: "grande", answer: "big; large" },
]);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
async function ctx(cookie: string, opts: object) {
  const c = await browser.newContext({ baseURL: base, ...opts });
  await c.addCookies(cookie.split("; ").map((p) => { const [n = "", ...v] = p.split("="); return { name: n, value: v.join("="), url: base }; }));
  return c.newPage();
}
const phone = await ctx(fx.cookie, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
await phone.goto(`/ja/courses/${fx.courseId}/decks/${fx.deckId}/study`);
await phone.getByRole("heading", { level: 1 }).waitFor();
await phone.screenshot({ path: "/tmp/write-hub-ja.png", fullPage: true });
await phone.goto(`/ja/courses/${fx.courseId}/decks/${fx.deckId}/write`);
const field = phone.getByLabel("あなたの答え", { exact: true });
await field.waitFor();
await field.focus();
await phone.keyboard.type("nomimasu");
await phone.screenshot({ path: "/tmp/write-ja-typing.png" });
await phone.getByRole("button", { name: "答え合わせ" }).tap();
await phone.waitForTimeout(300);
await phone.screenshot({ path: "/tmp/write-ja-checked.png" });
const desk = await ctx(en.cookie, { viewport: { width: 1280, height: 800 } });
await desk.goto(`/en/courses/${en.courseId}/decks/${en.deckId}/write`);
const f2 = desk.getByLabel("Your answer", { exact: true });
await f2.waitFor();
for (let i = 0; i < 4; i++) {
  const q = (await desk.getByTestId("write-question").innerText()).trim();
  await f2.fill({ comer: "to eat", restaurante: "restuarant", rojo: "blue", grande: "small" }[q] ?? "");
  await desk.keyboard.press("Enter");
  await desk.waitForTimeout(200);
  await desk.screenshot({ path: `/tmp/write-en-${q}.png` });
  await desk.keyboard.press("Enter");
}
await desk.waitForTimeout(300);
await desk.screenshot({ path: "/tmp/write-en-summary.png", fullPage: true });
await desk.goto(`/en/review?course=${en.courseId}`);
await desk.getByRole("switch", { name: "Type the answers" }).check();
await desk.getByLabel("Your answer", { exact: true }).waitFor();
await desk.screenshot({ path: "/tmp/write-review.png" });
await desk.emulateMedia({ colorScheme: "dark" });
await desk.getByLabel("Your answer", { exact: true }).fill("wrong");
await desk.keyboard.press("Enter");
await desk.waitForTimeout(200);
await desk.screenshot({ path: "/tmp/write-review-dark.png" });
await browser.close();
