/**
 * The round trip: a course exported as an Anki package (and as CSV) by the export half and
 * read back by the import half gives the same decks and cards, and importing it makes an equal course.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { decks, flashcards } from "@server/db/schema";
import { ok, signedInClient } from "@server/test/http-client";
import { setupTestApp } from "@server/test/test-app";
import { readAnkiPackage } from "@shared/transfer/anki";
import { ankiToDecks, defaultFieldChoices } from "@shared/transfer/anki-convert";
import { defaultColumns, tableToDecks, textColumns } from "@shared/transfer/csv";
import { parseDelimited } from "@shared/transfer/csv-read";
import { planImport } from "@shared/transfer/plan";
import { spreadsheetSafeCell } from "@shared/transfer/spreadsheet-cell";
import { type ImportDeck, NO_LOSSES } from "@shared/transfer/types";
import { asc, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";

const { app, database } = await setupTestApp();
const { db } = database;
const wasmBinary = readFileSync(createRequire(import.meta.url).resolve("sql.js/dist/sql-wasm.wasm"))
  .buffer as ArrayBuffer;

const original = [
  {
    name: "動詞",
    description: "Verbs",
    // Display times other than the default: the CSV carries them back (its Duration column).
    cards: Array.from({ length: 6 }, (_, i) => ({
      question: `食べる ${i}`,
      answer: `to eat\n(${i})`,
      duration: [0.5, 1.5, 3, 7.5, 20, 30][i] ?? 3,
    })),
  },
  {
    name: "Symbols & quotes",
    description: "Awkward text",
    cards: [
      { question: 'He said "hi", then left', answer: "a, b; c", duration: 3 },
      { question: "<b>not bold</b>", answer: "1 < 2 & 3 > 2", duration: 3 },
      { question: "tab\there", answer: "x", duration: 3 },
      { question: "last", answer: "one", duration: 3 },
    ],
  },
];

const texts = {
  part: (name: string, i: number) => `${name} (Part ${i})`,
  pooled: "Other cards",
  description: (source: string) => `Imported from ${source}.`,
};

/** Cards per deck, by deck name. */
const shape = (list: ImportDeck[]) =>
  Object.fromEntries(list.map((deck) => [deck.name, deck.cards.map((c) => [c.question, c.answer])]));

describe("export, then import", () => {
  it("reads an exported .apkg and .csv back to the same decks and cards, and imports an equal course", async () => {
    const { client } = await signedInClient(app, db);
    const { courseId } = await ok(
      client.api.imports.$post({
        json: {
          importId: crypto.randomUUID(),
          target: { kind: "new", course: { name: "Round trip", description: "", tags: [] } },
          decks: original,
        },
      }),
    );
    const expected = shape(original.map((d) => ({ name: d.name, cards: d.cards })));

    const apkg = await client.get(`/api/exports/${courseId}?format=apkg`);
    expect(apkg.status).toBe(200);
    const collection = await readAnkiPackage(new Uint8Array(await apkg.arrayBuffer()), { sqlJs: { wasmBinary } });
    const fromPackage = ankiToDecks(collection, defaultFieldChoices(collection));
    // The package nests the decks under the course: that parent names the course again.
    expect(fromPackage.parent).toBe("Round trip");
    expect(shape(fromPackage.decks)).toEqual(expected);

    const csv = await client.get(`/api/exports/${courseId}?format=csv`);
    const table = parseDelimited(await csv.text());
    // Our own columns: the deck, GUID and duration columns are neither offered nor lost.
    expect(textColumns(table)).toEqual([0, 1]);
    const fromCsv = tableToDecks(table, defaultColumns(table), "Round trip");
    expect(fromCsv.parent).toBe("Round trip");
    expect(shape(fromCsv.decks)).toEqual(expected);
    expect(fromCsv.losses).toEqual(NO_LOSSES);
    const csvPlan = planImport(fromCsv.decks, texts);
    expect(csvPlan.keptDurations).toBe(10);
    expect(csvPlan.decks.map((deck) => deck.cards.map((card) => card.duration))).toEqual(
      original.map((deck) => deck.cards.map((card) => card.duration)),
    );

    // Imported again: a second course with the same decks in the same order and the same cards.
    const plan = planImport(fromPackage.decks, texts);
    const again = await ok(
      client.api.imports.$post({
        json: {
          importId: crypto.randomUUID(),
          target: { kind: "new", course: { name: "Round trip again", description: "", tags: [] } },
          decks: plan.decks.map(({ name, description, cards }) => ({ name, description, cards })),
        },
      }),
    );
    const stored = async (id: number) => {
      const rows = await db.select().from(decks).where(eq(decks.courseId, id)).orderBy(asc(decks.level));
      const cards = await db
        .select()
        .from(flashcards)
        .where(
          inArray(
            flashcards.deckId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(flashcards.id));
      return Object.fromEntries(
        rows.map((r) => [
          r.name,
          cards.filter((c) => c.deckId === r.id).map((c) => [c.question, c.correctAnswer, c.duration]),
        ]),
      );
    };
    // The package has no display times: its cards come back with the default (all 3 s but six).
    const withoutTimes = (course: Awaited<ReturnType<typeof stored>>) =>
      Object.fromEntries(Object.entries(course).map(([name, cards]) => [name, cards.map(([q, a]) => [q, a])]));
    expect(withoutTimes(await stored(again.courseId))).toEqual(withoutTimes(await stored(courseId)));

    // Imported again from the CSV: an equal course, display times included.
    const fromCsvAgain = await ok(
      client.api.imports.$post({
        json: {
          importId: crypto.randomUUID(),
          target: { kind: "new", course: { name: "Round trip from CSV", description: "", tags: [] } },
          decks: csvPlan.decks.map(({ name, description, cards }) => ({ name, description, cards })),
        },
      }),
    );
    expect(await stored(fromCsvAgain.courseId)).toEqual(await stored(courseId));
  });

  it("reads back the spreadsheet-safe CSV of the export (formula-like cells behind a `'`, a BOM) as the texts were", async () => {
    // The export's CSV as issue #21 item 5 makes it, written out by hand here (the export side is
    // on its own branch): a UTF-8 BOM, and a `'` before every cell that starts like a formula.
    const cells = [
      ['=HYPERLINK("http://evil.example","click")', "'=x"],
      ["+cmd|' /C calc'!A0", "@SUM(A1)"],
      ["-1", "'-2"],
      ["plain", "it's"],
    ];
    // What `spreadsheetSafeCell` writes for them, as the lines below hold them.
    expect(cells.map((pair) => pair.map(spreadsheetSafeCell))).toEqual([
      [`'=HYPERLINK("http://evil.example","click")`, "''=x"],
      ["'+cmd|' /C calc'!A0", "'@SUM(A1)"],
      ["'-1", "''-2"],
      ["plain", "it's"],
    ]);
    const csv = [
      "\uFEFF#separator:Comma",
      "#html:false",
      "#columns:Front,Back,Deck,GUID,Duration",
      "#deck column:3",
      "#guid column:4",
      `"'=HYPERLINK(""http://evil.example"",""click"")",''=x,'=Course::Deck,g1,3`,
      "'+cmd|' /C calc'!A0,'@SUM(A1),'=Course::Deck,g2,3",
      "'-1,''-2,'=Course::Deck,g3,3",
      "plain,it's,'=Course::Deck,g4,3",
    ].join("\r\n");
    const table = parseDelimited(csv);
    const fromCsv = tableToDecks(table, defaultColumns(table), "Fallback");
    expect(fromCsv.parent).toBe("=Course");
    const plan = planImport(fromCsv.decks, texts);
    expect(plan.decks.map((deck) => [deck.name, deck.cards.map((c) => [c.question, c.answer])])).toEqual([
      ["Deck", cells],
    ]);

    const { client } = await signedInClient(app, db);
    const { courseId } = await ok(
      client.api.imports.$post({
        json: {
          importId: crypto.randomUUID(),
          target: { kind: "new", course: { name: "Formulas", description: "", tags: [] } },
          decks: plan.decks.map(({ name, description, cards }) => ({ name, description, cards })),
        },
      }),
    );
    const [deck] = await db.select().from(decks).where(eq(decks.courseId, courseId));
    const stored = await db
      .select()
      .from(flashcards)
      .where(eq(flashcards.deckId, deck?.id ?? 0))
      .orderBy(asc(flashcards.id));
    expect(stored.map((card) => [card.question, card.correctAnswer])).toEqual(cells);
  });
});
