/**
 * Exporting a course from its page: the Export menu (loaded on first use) offers the three
 * formats, and choosing one downloads the file the server built, in both languages, by pointer and
 * by keyboard, for a visitor. The downloaded files are opened as their readers would open them.
 */
import { readFile } from "node:fs/promises";
import { unzipSync } from "fflate";
import type { Download, Page } from "playwright-core";
import initSqlJs from "sql.js";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { addCourse, addDeck, createDeckFixture, type DeckFixture } from "../harness/fixtures";
import { expectAccessible, PHONE, setupBrowser } from "./support/browser";

const session = setupBrowser();
const SQL = await initSqlJs();

const CARDS = [
  { question: "uno, one", answer: "1" },
  { question: 'dos "two"', answer: "2" },
  { question: "三", answer: "さん\nthree" },
  { question: "cuatro", answer: "4" },
];
const MORE = [
  { question: "cinco", answer: "5" },
  { question: "seis", answer: "6" },
  { question: "siete", answer: "7" },
  { question: "ocho", answer: "8" },
];

const TEXTS = {
  en: { button: "Export", csv: "CSV for Anki or a spreadsheet (.csv)", apkg: "Anki package (.apkg)" },
  ja: { button: "エクスポート", csv: "CSV（Anki・表計算ソフト用、.csv）", apkg: "Anki パッケージ（.apkg）" },
} as const;

let fixture: DeckFixture;
/** The same decks in a course with a Japanese name, for the Japanese page: the file keeps the name. */
const courses = { en: { id: 0, name: "" }, ja: { id: 0, name: "" } };
beforeAll(async () => {
  const baseURL = inject("baseURL");
  fixture = await createDeckFixture(baseURL, CARDS);
  await addDeck(baseURL, fixture.cookie, fixture.courseId, "Más números", MORE);
  courses.en = { id: fixture.courseId, name: fixture.courseName };
  const name = `スペイン語の数字 ${crypto.randomUUID().slice(0, 4)}`;
  const id = await addCourse(baseURL, fixture.cookie, name);
  await addDeck(baseURL, fixture.cookie, id, "Numbers", CARDS);
  await addDeck(baseURL, fixture.cookie, id, "Más números", MORE);
  courses.ja = { id, name };
});

async function downloadFrom(page: Page, item: string): Promise<Download> {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("menuitem", { name: item }).click(),
  ]);
  return download;
}

async function readAnkiPackage(download: Download) {
  const files = unzipSync(new Uint8Array(await readFile(await download.path())));
  expect(Object.keys(files).sort()).toEqual(["collection.anki21", "media"]);
  const db = new SQL.Database(files["collection.anki21"]);
  const [decks] = db.exec("select decks from col");
  const names = Object.values(JSON.parse(String(decks?.values[0]?.[0])) as Record<string, { name: string }>)
    .map((deck) => deck.name)
    .sort();
  const [notes] = db.exec("select flds from notes order by id");
  const fields = notes?.values.map((row) => String(row[0]).split("\x1f")) ?? [];
  db.close();
  return { names, fields };
}

describe("exporting a course", () => {
  for (const lang of ["en", "ja"] as const) {
    it(`downloads an Anki package and a CSV from the course page (${lang})`, async () => {
      const texts = TEXTS[lang];
      const { id, name: courseName } = courses[lang];
      const page = await session.newPage(lang === "ja" ? PHONE : {});
      await session.visit(page, `/${lang}/courses/${id}`);

      await page.getByRole("button", { name: texts.button }).click();
      await page.getByRole("menu").waitFor();
      await expectAccessible(page);
      const apkg = await downloadFrom(page, texts.apkg);
      expect(apkg.suggestedFilename()).toBe(`${courseName}.apkg`);
      const { names, fields } = await readAnkiPackage(apkg);
      expect(names).toEqual(["Default", courseName, `${courseName}::Más números`, `${courseName}::Numbers`].sort());
      expect(fields).toEqual([...CARDS, ...MORE].map((card) => [card.question, card.answer.replace("\n", "<br>")]));
      await page.getByRole("menu").waitFor({ state: "hidden" });

      await page.getByRole("button", { name: texts.button }).click();
      const csv = await downloadFrom(page, texts.csv);
      expect(csv.suggestedFilename()).toBe(`${courseName}.csv`);
      const text = await readFile(await csv.path(), "utf8");
      // A UTF-8 byte order mark first, for Excel (decision 0037); Anki reads the headers after it.
      expect(text.startsWith("\uFEFF#separator:Comma\n#html:false\n")).toBe(true);
      // Front and Back as Anki names its fields, and each card's display time in its own column.
      expect(text).toContain("\n#columns:Front,Back,Deck,GUID,Duration\n");
      expect(text).toContain(`"uno, one",1,${courseName}::Numbers,`);
      expect(text).toContain(`"dos ""two""",2,`);
      expect(text).toContain(`三,"さん\nthree",`);
    });
  }

  it("loads the menu's code only when someone reaches for the button", async () => {
    const page = await session.newPage();
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await session.visit(page, `/en/courses/${courses.en.id}`);
    await page.getByRole("button", { name: "Export" }).waitFor();
    await page.waitForLoadState("networkidle");
    expect(scripts.filter((path) => path.includes("/export-menu-"))).toEqual([]);
    await page.getByRole("button", { name: "Export" }).hover();
    await expect.poll(() => scripts.filter((path) => path.includes("/export-menu-")).length).toBe(1);
  });

  it("opens the menu and downloads from the keyboard", async () => {
    const page = await session.newPage();
    await session.visit(page, `/en/courses/${courses.en.id}`);
    await page.getByRole("button", { name: "Export" }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("menu").waitFor();
    // Down goes through the formats in order: CSV, then Quizlet's text.
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? "");
    await page.keyboard.press("ArrowDown");
    await expect.poll(focused).toBe("CSV for Anki or a spreadsheet (.csv)");
    await page.keyboard.press("ArrowDown");
    await expect.poll(focused).toBe("Quizlet text (.txt)Line breaks inside a card become spaces.");
    const [download] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
    expect(download.suggestedFilename()).toBe(`${courses.en.name}.txt`);
    const lines = (await readFile(await download.path(), "utf8")).trimEnd().split("\n");
    expect(lines).toHaveLength(8);
    expect(lines[2]).toBe("三\tさん three");
  });
});
