/**
 * Course exports, read back the way their readers read them: the CSV through an RFC 4180 reader
 * (headers as Anki reads them), Quizlet's text by tab and line, and the .apkg unzipped with fflate
 * and opened with sql.js as the SQLite collection Anki opens.
 */
import { createHash } from "node:crypto";
import { courses, courseTags, decks, flashcards } from "@server/db/schema";
import { createUser } from "@server/test/factories";
import { signedInClient, TestClient } from "@server/test/http-client";
import { createTestApp, setupTestApp, TEST_ORIGIN } from "@server/test/test-app";
import { randomId } from "@shared/ids/random-id";
import { COURSE_MAX_CARDS, EXPORT_RATE_LIMIT } from "@shared/limits";
import { eq, sql } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import initSqlJs from "sql.js";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { base91, cardGuid, siteKey } from "./anki-ids";
import { buildAnkiPackage, toAnkiHtml } from "./anki-package";
import { downloadNames } from "./course-export";
import { createExportRuntime, loadCourseExport } from "./exports.service";
import { csvField, quizletField } from "./text-formats";

const { app, database } = await setupTestApp();
const { db } = database;
const SQL = await initSqlJs();
const site = siteKey(TEST_ORIGIN);

/** Cards that break naive writers: separators, quotes, line breaks, markup, a leading "#", Japanese. */
const AWKWARD = [
  { question: "Capital of France, the country?", answer: "Paris" },
  { question: 'He said "bonjour"', answer: 'Quote: "", twice' },
  { question: "Two\nlines", answer: "Tab\there\r\nand CRLF" },
  { question: "#not a comment", answer: "<b>not bold</b> & more" },
  { question: "日本の首都は？", answer: "東京（とうきょう）、です" },
];

const DURATIONS = [1.5, 3, 0.5, 30, 2.5];

async function makeCourse(name: string, deckCards: { name: string; cards: typeof AWKWARD }[], tags: string[] = []) {
  const user = await createUser(db);
  const [course] = await db.insert(courses).values({ userId: user.id, name }).returning();
  if (!course) throw new Error("no course");
  if (tags.length) await db.insert(courseTags).values(tags.map((tag) => ({ courseId: course.id, tag })));
  const deckRows = [];
  for (const [index, deck] of deckCards.entries()) {
    const [row] = await db
      .insert(decks)
      .values({ courseId: course.id, userId: user.id, name: deck.name, level: index + 1 })
      .returning();
    if (!row) throw new Error("no deck");
    const cards = await db
      .insert(flashcards)
      // Display times that are not the default, written in the CSV's Duration column.
      .values(
        deck.cards.map((card, i) => ({
          deckId: row.id,
          question: card.question,
          correctAnswer: card.answer,
          duration: DURATIONS[i % DURATIONS.length],
        })),
      )
      .returning();
    deckRows.push({ ...row, cards });
  }
  return { course, decks: deckRows };
}

const standardCourse = () =>
  makeCourse(
    `Awkward, "quoted" 語彙 ${crypto.randomUUID().slice(0, 6)}`,
    [
      { name: "First deck", cards: AWKWARD },
      { name: "Second: part::two", cards: AWKWARD.slice(0, 4).map((c) => ({ ...c, question: `2/${c.question}` })) },
    ],
    // Words no other test searches for: files share their worker's database (decision 0020).
    ["exportable", "two words", "書き出し"],
  );

const download = (client: TestClient, courseId: number, format: string) =>
  client.get(`/api/exports/${courseId}?format=${format}`);

/**
 * A strict RFC 4180 reader: a field is quoted (doubled quotes and line breaks inside) or bare (no
 * quote, comma or line break), and is followed by a comma, a line break or the end; anything else
 * (a stray quote, text after a closing quote, an unclosed quote) fails the test.
 */
function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  if (text === "") return rows;
  const field = /"((?:[^"]+|"")*)"|[^",\n]*/y;
  let row: string[] = [];
  for (let at = 0; ; ) {
    field.lastIndex = at;
    const [bare = "", quoted] = field.exec(text) ?? [];
    row.push(quoted === undefined ? bare : quoted.replaceAll('""', '"'));
    at = field.lastIndex;
    const next = text[at];
    if (next === ",") {
      at++;
      continue;
    }
    if (next !== "\n" && next !== undefined) expect.fail(`CSV: ${JSON.stringify(next)} after a field at ${at}`);
    rows.push(row);
    row = [];
    at++;
    if (at >= text.length) return rows;
  }
}

function openCollection(apkg: Uint8Array) {
  const files = unzipSync(apkg);
  expect(Object.keys(files).sort()).toEqual(["collection.anki21", "media"]);
  expect(strFromU8(files.media ?? new Uint8Array())).toBe("{}");
  const collection = new SQL.Database(files["collection.anki21"]);
  const rows = (sql: string) => {
    const [result] = collection.exec(sql);
    if (!result) return [];
    return result.values.map((values) => Object.fromEntries(result.columns.map((column, i) => [column, values[i]])));
  };
  return { collection, rows };
}

describe("CSV export", () => {
  it("writes Anki's headers and quotes every awkward field so that it reads back exactly", async () => {
    const { course, decks: deckRows } = await standardCourse();
    const res = await download(new TestClient(app), course.id, "csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="[ -~]+\.csv"; filename\*=UTF-8''/);
    const text = await res.text();

    const lines = text.split("\n");
    expect(lines.slice(0, 7)).toEqual([
      "#separator:Comma",
      "#html:false",
      "#notetype:Basic (Flashcards)",
      "#tags:exportable two_words 書き出し",
      "#columns:Front,Back,Deck,GUID,Duration",
      "#deck column:3",
      "#guid column:4",
    ]);
    // The raw quoting, as written: doubled quotes, a quoted line break, a quoted leading "#".
    expect(text).toContain('"He said ""bonjour""","Quote: """", twice"');
    expect(text).toContain('"Two\nlines","Tab\there\r\nand CRLF"');
    expect(text).toContain('"#not a comment",<b>not bold</b> & more');

    const records = readCsv(lines.slice(7).join("\n"));
    const expected = deckRows.flatMap((deck, index) =>
      deck.cards.map((card) => [
        card.question,
        card.correctAnswer,
        `${course.name.replace(/\s+/g, " ")}::${index === 0 ? "First deck" : "Second: part:two"}`,
        cardGuid(site, card.id),
        String(card.duration),
      ]),
    );
    expect(records).toEqual(expected);
    expect(records).toHaveLength(9);
    expect(records.map((record) => record[4])).toEqual(["1.5", "3", "0.5", "30", "2.5", "1.5", "3", "0.5", "30"]);
  });

  it("writes only the headers for a course without decks, and no #tags line without tags", async () => {
    const { course } = await makeCourse(`Empty ${crypto.randomUUID().slice(0, 6)}`, []);
    const text = await (await download(new TestClient(app), course.id, "csv")).text();
    expect(text).toBe(
      "#separator:Comma\n#html:false\n#notetype:Basic (Flashcards)\n#columns:Front,Back,Deck,GUID,Duration\n#deck column:3\n#guid column:4\n",
    );
  });
});

describe("Quizlet export", () => {
  it("writes term TAB definition, one card a line, line breaks and tabs inside a card as spaces", async () => {
    const { course } = await standardCourse();
    const res = await download(new TestClient(app), course.id, "quizlet");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/filename="[ -~]+\.txt"/);
    const text = await res.text();
    expect(text.endsWith("\n")).toBe(true);
    const lines = text.slice(0, -1).split("\n");
    expect(lines).toHaveLength(9);
    expect(lines.map((line) => line.split("\t"))).toEqual(
      [...AWKWARD, ...AWKWARD.slice(0, 4).map((c) => ({ ...c, question: `2/${c.question}` }))].map((card) => [
        card.question.replace(/\s*\n\s*/g, " "),
        card.answer.replace(/[\t\r\n]+/g, " "),
      ]),
    );
    expect(lines[2]).toBe("Two lines\tTab here and CRLF");
    expect(lines[4]).toBe("日本の首都は？\t東京（とうきょう）、です");
  });
});

describe("Anki package export", () => {
  it("is a collection.anki21 of schema 11 with a Basic note type, one deck per course deck and one note a card", async () => {
    const { course, decks: deckRows } = await standardCourse();
    const res = await download(new TestClient(app), course.id, "apkg");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/octet-stream");
    expect(res.headers.get("content-disposition")).toMatch(/filename="[ -~]+\.apkg"/);
    const { collection, rows } = openCollection(new Uint8Array(await res.arrayBuffer()));

    const [col] = rows("select * from col");
    expect(col?.ver).toBe(11);
    const models = JSON.parse(String(col?.models));
    const model = (Object.values(models) as Record<string, unknown>[])[0] ?? {};
    expect(Object.keys(models)).toHaveLength(1);
    expect(model).toMatchObject({ type: 0, sortf: 0, req: [[0, "all", [0]]] });
    expect((model.flds as { name: string; ord: number }[]).map((f) => [f.ord, f.name])).toEqual([
      [0, "Front"],
      [1, "Back"],
    ]);
    expect((model.tmpls as { qfmt: string; afmt: string }[]).map((t) => t.qfmt)).toEqual(["{{Front}}"]);

    const courseDeck = course.name.replace(/\s+/g, " ");
    const deckJson = JSON.parse(String(col?.decks)) as Record<string, { id: number; name: string; conf: number }>;
    const byName = new Map(Object.values(deckJson).map((deck) => [deck.name, deck]));
    expect([...byName.keys()].sort()).toEqual(
      ["Default", courseDeck, `${courseDeck}::First deck`, `${courseDeck}::Second: part:two`].sort(),
    );
    for (const [key, deck] of Object.entries(deckJson)) expect(String(deck.id)).toBe(key);
    expect(Object.keys(JSON.parse(String(col?.dconf)))).toEqual(["1"]);

    const notes = rows("select id, guid, mid, tags, flds, sfld, csum from notes order by id");
    const cards = rows("select id, nid, did, ord, type, queue, due from cards order by due");
    const allCards = deckRows.flatMap((deck, index) => deck.cards.map((card) => ({ card, deckIndex: index })));
    expect(notes).toHaveLength(allCards.length);
    expect(cards).toHaveLength(allCards.length);

    const deckNames = [`${courseDeck}::First deck`, `${courseDeck}::Second: part:two`];
    allCards.forEach(({ card, deckIndex }, index) => {
      const note = notes[index];
      expect(note?.guid).toBe(cardGuid(site, card.id));
      expect(note?.mid).toBe(Number(model.id));
      expect(String(note?.flds).split("\x1f")).toEqual([toAnkiHtml(card.question), toAnkiHtml(card.correctAnswer)]);
      expect(note?.tags).toBe(" exportable two_words 書き出し ");
      const sortField = card.question.replace(/\s*\n\s*/g, " ");
      expect(note?.sfld).toBe(sortField);
      expect(note?.csum).toBe(Number.parseInt(createHash("sha1").update(sortField).digest("hex").slice(0, 8), 16));
      // One card per note, new, in the course's order, in its deck.
      const noteCards = cards.filter((c) => c.nid === note?.id);
      expect(noteCards).toHaveLength(1);
      expect(noteCards[0]).toMatchObject({ ord: 0, type: 0, queue: 0, due: index + 1 });
      expect(deckJson[String(noteCards[0]?.did)]?.name).toBe(deckNames[deckIndex]);
    });
    expect(toAnkiHtml("Two\nlines")).toBe("Two<br>lines");
    expect(String(notes[3]?.flds).split("\x1f")[1]).toBe("&lt;b&gt;not bold&lt;/b&gt; &amp; more");
    collection.close();
  });

  it("gives the col row's JSON every key Anki's schema 11 structs require (rslib's schema11.rs, fields without a default)", async () => {
    const { course } = await standardCourse();
    const apkg = await buildAnkiPackage(await loadCourseExport(db, course.id), { site, now: new Date() });
    const { collection, rows } = openCollection(apkg);
    const [col] = rows("select models, decks, dconf from col");
    collection.close();
    const keysOf = (value: unknown) => Object.keys(value as object);
    const required = {
      noteType: ["id", "name", "type", "mod", "usn", "sortf", "did", "tmpls", "flds", "css"],
      field: ["name", "ord", "sticky", "rtl", "font", "size"],
      template: ["name", "ord", "qfmt"],
      deck: ["id", "name", "usn", "lrnToday", "revToday", "newToday", "timeToday", "collapsed", "dyn", "conf"],
      options: ["id", "mod", "name", "usn", "maxTaken", "autoplay", "timer", "new", "rev", "lapse"],
      newCards: ["delays", "initialFactor", "ints", "order", "perDay"],
      reviews: ["ease4", "ivlFct", "maxIvl", "perDay"],
      lapses: ["delays", "leechAction", "leechFails", "minInt", "mult"],
    };
    for (const noteType of Object.values(JSON.parse(String(col?.models))) as Record<string, unknown[]>[]) {
      expect(keysOf(noteType)).toEqual(expect.arrayContaining(required.noteType));
      for (const field of noteType.flds ?? []) expect(keysOf(field)).toEqual(expect.arrayContaining(required.field));
      for (const template of noteType.tmpls ?? []) {
        expect(keysOf(template)).toEqual(expect.arrayContaining(required.template));
      }
    }
    for (const deck of Object.values(JSON.parse(String(col?.decks)))) {
      expect(keysOf(deck)).toEqual(expect.arrayContaining(required.deck));
    }
    for (const options of Object.values(JSON.parse(String(col?.dconf))) as Record<string, unknown>[]) {
      expect(keysOf(options)).toEqual(expect.arrayContaining(required.options));
      expect(keysOf(options.new)).toEqual(expect.arrayContaining(required.newCards));
      expect(keysOf(options.rev)).toEqual(expect.arrayContaining(required.reviews));
      expect(keysOf(options.lapse)).toEqual(expect.arrayContaining(required.lapses));
    }
  });

  it("keeps each card's GUID and the note type's id from one export to the next, and updates the times", async () => {
    const { course } = await standardCourse();
    const exported = async (now: Date) => {
      const data = await loadCourseExport(db, course.id);
      const { collection, rows } = openCollection(await buildAnkiPackage(data, { site, now }));
      const result = {
        guids: rows("select guid from notes order by id").map((row) => row.guid),
        mods: rows("select distinct mod from notes").map((row) => row.mod),
        models: Object.keys(JSON.parse(String(rows("select models from col")[0]?.models))),
      };
      collection.close();
      return result;
    };
    const first = await exported(new Date("2026-01-01T00:00:00Z"));
    const second = await exported(new Date("2026-02-01T00:00:00Z"));
    expect(second.guids).toEqual(first.guids);
    expect(new Set(first.guids).size).toBe(9);
    expect(second.models).toEqual(first.models);
    expect(first.mods).toEqual([Date.parse("2026-01-01T00:00:00Z") / 1000]);
    expect(second.mods).toEqual([Date.parse("2026-02-01T00:00:00Z") / 1000]);

    // Another site's export of the same card ids is other notes to Anki.
    const elsewhere = await buildAnkiPackage(await loadCourseExport(db, course.id), {
      site: "flashcards.example",
      now: new Date(),
    });
    const { rows } = openCollection(elsewhere);
    const otherGuids = rows("select guid from notes").map((row) => row.guid);
    expect(otherGuids.filter((guid) => first.guids.includes(guid))).toEqual([]);
  });

  it("packs a course without decks as a collection with no notes", async () => {
    const { course } = await makeCourse(`Empty ${crypto.randomUUID().slice(0, 6)}`, []);
    const res = await download(new TestClient(app), course.id, "apkg");
    expect(res.status).toBe(200);
    const { rows } = openCollection(new Uint8Array(await res.arrayBuffer()));
    expect(rows("select count(*) as n from notes")).toEqual([{ n: 0 }]);
    expect(rows("select ver from col")).toEqual([{ ver: 11 }]);
  });
});

describe("export requests", () => {
  it("names the file after the course, in ASCII and as RFC 5987's filename*", async () => {
    const { course } = await makeCourse(`日本語 Vocabulary/1: "core" ${crypto.randomUUID().slice(0, 4)}`, []);
    const header = (await download(new TestClient(app), course.id, "apkg")).headers.get("content-disposition") ?? "";
    const [, ascii, encoded] = header.match(/^attachment; filename="([^"]*)"; filename\*=UTF-8''(\S+)$/) ?? [];
    expect(ascii).toMatch(/^[A-Za-z0-9 ._-]+\.apkg$/);
    expect(ascii).toContain("Vocabulary 1 core");
    expect(ascii?.startsWith("_")).toBe(false);
    expect(encoded).toMatch(/^[A-Za-z0-9%!#$&+.^_`|~-]+$/);
    expect(decodeURIComponent(encoded ?? "")).toBe(`${course.name.replace(/[/:"]+/g, " ").replace(/\s+/g, " ")}.apkg`);
  });

  it("serves visitors and signed-in users alike (every course is public)", async () => {
    const { course } = await standardCourse();
    const { client } = await signedInClient(app, db);
    for (const user of [new TestClient(app), client]) {
      const res = await download(user, course.id, "csv");
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("no-cache");
    }
  });

  it("answers 404 in the one error shape for a course that does not exist", async () => {
    const res = await download(new TestClient(app), 2_147_483_000, "csv");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: "not_found", message: "Course not found." } });
  });

  it("refuses an unknown format or a bad id with 400 naming the field", async () => {
    const { course } = await makeCourse(`Bad ${crypto.randomUUID().slice(0, 6)}`, []);
    const badFormat = await download(new TestClient(app), course.id, "xlsx");
    expect(badFormat.status).toBe(400);
    const body = await badFormat.json();
    expect(body.error.code).toBe("invalid_request");
    expect(body.error.issues).toEqual([{ path: ["format"], key: "exports.unknown_format" }]);

    const noFormat = await new TestClient(app).get(`/api/exports/${course.id}`);
    expect(noFormat.status).toBe(400);
    const badId = await download(new TestClient(app), 0, "csv");
    expect(badId.status).toBe(400);
    expect((await badId.json()).error.issues[0].path).toEqual(["courseId"]);
  });
});

describe("export helpers", () => {
  it("write GUIDs in Anki's base-91 alphabet, from the site's host whatever the scheme", () => {
    expect([base91(0n), base91(90n), base91(91n), base91(2n ** 64n - 1n).length]).toEqual(["a", "~", "ba", 10]);
    expect(siteKey("https://Flash.Example:8443/")).toBe("flash.example:8443");
    expect(cardGuid(siteKey("http://flash.example"), 17)).toBe(cardGuid(siteKey("https://flash.example"), 17));
    expect(cardGuid("flash.example", 17)).not.toBe(cardGuid("flash.example", 18));
  });

  it("quote a CSV field only when a reader needs it, and keep Quizlet cards on one line", () => {
    expect(["plain", "a,b", 'say "x"', "#tag", " lead", "trail ", "line\nbreak", "日本語"].map(csvField)).toEqual([
      "plain",
      '"a,b"',
      '"say ""x"""',
      '"#tag"',
      '" lead"',
      '"trail "',
      '"line\nbreak"',
      "日本語",
    ]);
    expect(quizletField("  one\r\n two\tthree  ")).toBe("one two three");
  });

  it("fall back to course-<id> when nothing of the name is ASCII", () => {
    expect(downloadNames({ id: 7, name: "日本語" }, "csv")).toEqual({ unicode: "日本語.csv", ascii: "course-7.csv" });
    expect(downloadNames({ id: 7, name: "  /// " }, "txt")).toEqual({ unicode: "course-7.txt", ascii: "course-7.txt" });
  });
});

describe("spreadsheet safety (decision 0037)", () => {
  it("starts the CSV with a UTF-8 BOM and writes every formula-like cell with a leading ', the Deck column too", async () => {
    const { course, decks: deckRows } = await makeCourse(
      `=HYPERLINK("http://evil.example","x") ${randomId().slice(0, 4)}`,
      [
        {
          name: "+cmd|' /C calc'!A0",
          cards: [
            { question: "=1+1", answer: "@SUM(A1)" },
            { question: "-2", answer: "\tTab first" },
            { question: "'=already quoted", answer: "\rCR first" },
            { question: "plain", answer: "a - b = c" },
          ],
        },
      ],
    );
    const res = await download(new TestClient(app), course.id, "csv");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(text.startsWith("\uFEFF#separator:Comma\n#html:false\n")).toBe(true);
    const records = readCsv(text.slice(1).split("\n").slice(6).join("\n"));
    const deckCell = `'${course.name}::+cmd|' /C calc'!A0`;
    expect(records.map((record) => record.slice(0, 3))).toEqual([
      ["'=1+1", "'@SUM(A1)", deckCell],
      ["'-2", "'\tTab first", deckCell],
      ["''=already quoted", "'\rCR first", deckCell],
      ["plain", "a - b = c", deckCell],
    ]);
    expect(records.map((record) => record[3])).toEqual(deckRows[0]?.cards.map((card) => cardGuid(site, card.id)));
  });
});

describe("exports off the event loop, cached and limited (decision 0037)", () => {
  /**
   * A course at the card cap, every text as long as allowed: the heaviest export there can be. One
   * for the tests below (none changes it; the 503 test builds it in a runtime of its own), its
   * cards made by one statement.
   */
  let atCap: typeof courses.$inferSelect;
  beforeAll(async () => {
    const user = await createUser(db);
    const [course] = await db
      .insert(courses)
      .values({ userId: user.id, name: `At the cap ${randomId().slice(0, 6)}` })
      .returning();
    if (!course) throw new Error("no course");
    atCap = course;
    await db.insert(decks).values(
      Array.from({ length: COURSE_MAX_CARDS / 50 }, (_, i) => ({
        courseId: course.id,
        userId: user.id,
        name: `Deck ${i + 1}`,
        level: i + 1,
      })),
    );
    // 50 cards a deck: "Q<i> " or "A<i> " then Japanese filler, cut at 500 characters.
    const filler = "語彙とその意味 ".repeat(70);
    await db.execute(sql`
      insert into flashcards (deck_id, question, correct_answer)
      select d.id, left('Q' || i || ' ' || ${filler}, 500), left('A' || i || ' ' || ${filler}, 500)
      from decks d cross join generate_series(0, 49) as i
      where d.course_id = ${course.id}
      order by d.level, i`);
  });

  it("answers /api/health while the package of a course at the cap is still being built", async () => {
    const course = atCap;
    // A first package, so that nothing is left to load (sql.js compiles its WebAssembly once).
    const { course: small } = await makeCourse(`Warm-up ${randomId().slice(0, 6)}`, [{ name: "D", cards: AWKWARD }]);
    expect((await download(new TestClient(app), small.id, "apkg")).status).toBe(200);
    let exported = false;
    const exporting = download(new TestClient(app), course.id, "apkg").then((res) => {
      exported = true;
      return res;
    });
    // A few reads of our own, queued behind the export's (PGlite runs one at a time): the health
    // check is sent once the export has read the course. Before decision 0037 the package was then
    // built on this thread, and the check waited for it.
    for (let i = 0; i < 3; i++) await db.select({ id: courses.id }).from(courses).where(eq(courses.id, course.id));
    const health = await new TestClient(app).get("/api/health");
    expect(health.status).toBe(200);
    expect(exported).toBe(false);
    const res = await exporting;
    expect(res.status).toBe(200);
    const { collection, rows } = openCollection(new Uint8Array(await res.arrayBuffer()));
    expect(rows("select count(*) as n from notes")).toEqual([{ n: COURSE_MAX_CARDS }]);
    collection.close();
  });

  it("sends the CSV of a large course in pieces, as the worker writes them", async () => {
    const course = atCap;
    const res = await download(new TestClient(app), course.id, "csv");
    expect(res.status).toBe(200);
    const reader = res.body?.getReader();
    const pieces: Uint8Array[] = [];
    for (let next = await reader?.read(); next && !next.done; next = await reader?.read()) pieces.push(next.value);
    expect(pieces.length).toBeGreaterThan(1);
    const text = new TextDecoder().decode(Buffer.concat(pieces));
    expect(readCsv(text.split("\n").slice(6).join("\n"))).toHaveLength(COURSE_MAX_CARDS);
  });

  it("sends the same file for an unchanged course (304 to its ETag) and a new one after any change to it", async () => {
    let clock = Date.parse("2026-03-01T00:00:00Z");
    // Every build carries its time (the notes' modification time): a rebuilt file differs.
    const tick = () => {
      clock += 60_000;
      return new Date(clock);
    };
    const ticking = createTestApp(db, { clock: tick });
    const { course, decks: deckRows } = await standardCourse();
    const client = new TestClient(ticking);
    const fetchPackage = async (headers?: Record<string, string>) => {
      const res = await client.get(`/api/exports/${course.id}?format=apkg`, headers);
      return { res, bytes: new Uint8Array(await res.arrayBuffer()), etag: res.headers.get("etag") ?? "" };
    };
    const first = await fetchPackage();
    expect(first.res.headers.get("cache-control")).toBe("no-cache");
    const second = await fetchPackage();
    expect(second.etag).toBe(first.etag);
    expect(Buffer.from(second.bytes).equals(Buffer.from(first.bytes))).toBe(true);
    const revalidated = await fetchPackage({ "if-none-match": first.etag });
    expect(revalidated.res.status).toBe(304);
    expect(revalidated.bytes.byteLength).toBe(0);

    const [firstDeck] = deckRows;
    const [firstCard] = firstDeck?.cards ?? [];
    const changes = [
      () =>
        db
          .update(flashcards)
          .set({ correctAnswer: "changed" })
          .where(eq(flashcards.id, firstCard?.id ?? 0)),
      () =>
        db
          .update(flashcards)
          .set({ duration: 7 })
          .where(eq(flashcards.id, firstCard?.id ?? 0)),
      () =>
        db
          .update(decks)
          .set({ name: "Renamed" })
          .where(eq(decks.id, firstDeck?.id ?? 0)),
      () => db.insert(courseTags).values({ courseId: course.id, tag: `new tag ${randomId().slice(0, 4)}` }),
      () =>
        db
          .update(courses)
          .set({ name: `Renamed ${randomId().slice(0, 4)}` })
          .where(eq(courses.id, course.id)),
      () => db.delete(flashcards).where(eq(flashcards.id, firstCard?.id ?? 0)),
    ];
    const etags = new Set([first.etag]);
    for (const change of changes) {
      await change();
      const after = await fetchPackage({ "if-none-match": first.etag });
      expect(after.res.status).toBe(200);
      expect(etags.has(after.etag)).toBe(false);
      etags.add(after.etag);
    }
    const { rows } = openCollection((await fetchPackage()).bytes);
    expect(rows("select count(*) as n from notes")).toEqual([{ n: 8 }]);
  });

  it(`limits each address to ${EXPORT_RATE_LIMIT.max} exports in ${EXPORT_RATE_LIMIT.windowSeconds / 60} minutes: 429 with Retry-After`, async () => {
    const { course } = await makeCourse(`Limited ${randomId().slice(0, 6)}`, [{ name: "D", cards: AWKWARD }]);
    // An app of its own: no other test's builds share its pool.
    const limited = createTestApp(db);
    const client = new TestClient(limited);
    for (let i = 0; i < EXPORT_RATE_LIMIT.max; i++) {
      const res = await download(client, course.id, "csv");
      expect(res.status, `${i}: ${await res.text()}`).toBe(200);
    }
    const refused = await download(client, course.id, "quizlet");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await refused.json()).error.code).toBe("rate_limited");
    expect((await download(new TestClient(limited), course.id, "csv")).status).toBe(200);
  });

  it("answers 503 with Retry-After when every export worker is busy and the queue is full, builds a file once for two asking, and builds again after", async () => {
    const runtime = createExportRuntime({ workers: 1, queue: 0 });
    const small = createTestApp(db, {}, { exports: runtime });
    const big = atCap;
    const { course } = await makeCourse(`Waiting ${randomId().slice(0, 6)}`, [{ name: "D", cards: AWKWARD }]);
    const building = download(new TestClient(small), big.id, "apkg");
    await vi.waitFor(() => expect(runtime.pool.pending).toBe(1), { timeout: 60_000, interval: 5 });
    const refused = await download(new TestClient(small), course.id, "csv");
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("10");
    expect((await refused.json()).error.code).toBe("unavailable");
    // The same file asked for while it is built waits for that build instead of taking a place.
    const same = await download(new TestClient(small), big.id, "apkg");
    expect(same.status).toBe(200);
    const first = await building;
    expect(first.status).toBe(200);
    expect(Buffer.from(await first.arrayBuffer()).equals(Buffer.from(await same.arrayBuffer()))).toBe(true);
    expect((await download(new TestClient(small), course.id, "csv")).status).toBe(200);
  });
});
