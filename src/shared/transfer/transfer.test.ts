import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { unzipSync, type ZippableFile, zipSync } from "fflate";
import initSqlJs from "sql.js";
import { describe, expect, it } from "vitest";
import { readAnkiPackage } from "./anki";
import { ankiToDecks, defaultFieldChoices, usedNoteTypes } from "./anki-convert";
import { CLOZE_MAX_PER_NOTE, expandCloze } from "./cloze";
import { defaultColumns, tableToDecks, textColumns } from "./csv";
import { parseDelimited } from "./csv-read";
import { htmlToText } from "./html";
import { courseTags, deckName, planImport } from "./plan";
import { detectSeparators, parseQuizlet } from "./quizlet";
import { assertFileSize, type ImportDeck, ImportFileError } from "./types";

const fixtures = join(import.meta.dirname, "../../../test/fixtures/import");
const fixture = (name: string) => new Uint8Array(readFileSync(join(fixtures, name)));
const text = (name: string) => readFileSync(join(fixtures, name), "utf8");
const wasmBinary = readFileSync(createRequire(import.meta.url).resolve("sql.js/dist/sql-wasm.wasm"))
  .buffer as ArrayBuffer;
const read = (bytes: Uint8Array, maxUnpackedBytes?: number) =>
  readAnkiPackage(bytes, { sqlJs: { wasmBinary }, maxUnpackedBytes });

async function refusedWith(promise: Promise<unknown> | (() => unknown), code: string) {
  try {
    await (typeof promise === "function" ? promise() : promise);
  } catch (error) {
    expect(error).toBeInstanceOf(ImportFileError);
    expect((error as ImportFileError).code).toBe(code);
    return;
  }
  throw new Error(`expected a refusal with ${code}`);
}

const texts = {
  part: (name: string, i: number) => `${name} (Part ${i})`,
  pooled: "Other cards",
  description: (source: string) => `Imported from ${source}.`,
};

describe("Quizlet text", () => {
  it("detects tab and new line, and splits each card at the first tab", () => {
    const pasted = text("quizlet-spanish.txt");
    const separators = detectSeparators(pasted);
    expect(separators).toEqual({ term: { kind: "tab" }, card: { kind: "newline" } });
    const { cards, skipped } = parseQuizlet(pasted, separators);
    expect(cards[0]).toEqual({ question: "hola", answer: "hello" });
    expect(cards).toHaveLength(5);
    expect(skipped).toEqual({ noSeparator: 0, noQuestion: 0, noAnswer: 0 });
  });

  it("detects comma and semicolon on one line, and takes custom separators", () => {
    const pasted = "perro,dog;gato,cat, feline;pez,fish;ave,bird";
    const separators = detectSeparators(pasted);
    expect(separators).toEqual({ term: { kind: "comma" }, card: { kind: "semicolon" } });
    expect(parseQuizlet(pasted, separators).cards[1]).toEqual({ question: "gato", answer: "cat, feline" });
    const custom = parseQuizlet("a => 1 || b => 2 || c", {
      term: { kind: "custom", value: "=>" },
      card: { kind: "custom", value: "||" },
    });
    expect(custom).toEqual({
      cards: [
        { question: "a", answer: "1" },
        { question: "b", answer: "2" },
      ],
      skipped: { noSeparator: 1, noQuestion: 0, noAnswer: 0 },
      separatorInAnswer: 0,
      removedCharacters: 0,
    });
  });

  it("counts each skipped line by its reason: no separator, no question, no answer", () => {
    const pasted = ["犬\tdog", "\tno question", "羊\t", "no separator here", "猫\tcat", " \t "].join("\n");
    const { cards, skipped } = parseQuizlet(pasted, detectSeparators(pasted));
    expect(cards).toEqual([
      { question: "犬", answer: "dog" },
      { question: "猫", answer: "cat" },
    ]);
    // " \t " is blank and no card at all; the others each have their own reason.
    expect(skipped).toEqual({ noSeparator: 1, noQuestion: 1, noAnswer: 1 });
    const commas = parseQuizlet(",no question\nsheep,\ncow,moo", {
      term: { kind: "comma" },
      card: { kind: "newline" },
    });
    expect(commas.skipped).toEqual({ noSeparator: 0, noQuestion: 1, noAnswer: 1 });
  });

  it("splits at the first separator and keeps a further one in the answer, counted for the preview", () => {
    const pasted = "牛\tcow\twith extra tab\n馬\thorse";
    const result = parseQuizlet(pasted, detectSeparators(pasted));
    expect(result.cards).toEqual([
      { question: "牛", answer: "cow\twith extra tab" },
      { question: "馬", answer: "horse" },
    ]);
    expect(result.separatorInAnswer).toBe(1);
  });
});

describe("CSV and TSV", () => {
  it("reads a header row, quoted fields with commas, new lines and doubled quotes, and Japanese", () => {
    const table = parseDelimited(text("japanese-quoted.csv"));
    expect(table.columns).toEqual(["Term", "Definition"]);
    expect(table.rows[1]).toEqual(["大阪", "Osaka\nin Kansai"]);
    expect(table.rows[2]).toEqual(["京都", 'He said "Kyoto"']);
    const { decks } = tableToDecks(table, defaultColumns(table), "Cities");
    expect(decks).toEqual([
      { name: "Cities", cards: expect.arrayContaining([{ question: "東京", answer: "Tokyo, the capital" }]) },
    ]);
  });

  it("understands Anki's text headers: separator, html, columns, deck and tags columns", () => {
    const table = parseDelimited(text("anki-notes.txt"));
    expect(table).toMatchObject({ delimiter: "\t", html: true, deckColumn: 2, tagsColumn: 3 });
    expect(table.columns).toEqual(["Front", "Back", "Deck", "Tags"]);
    const result = tableToDecks(table, defaultColumns(table), "Fallback");
    // Both decks sit under "Animals": that parent names the course, the decks keep the rest.
    expect(result.parent).toBe("Animals");
    expect(result.decks.map((d) => [d.name, d.cards.length])).toEqual([
      ["Mammals", 4],
      ["Birds", 1],
    ]);
    expect(result.decks[0]?.cards[0]).toEqual({ question: "dog", answer: "犬" });
    expect(result.decks[0]?.cards[1]).toEqual({ question: "cat", answer: "猫\nねこ" });
    expect(result.tags).toEqual(["jp", "noun"]);
    expect(result.losses).toMatchObject({ media: 1, formatting: 1 });
  });

  it("lets another column be the answer", () => {
    const table = parseDelimited("a\tb\tc\n1\t2\t3\n4\t5\t6\n");
    expect(table.columns).toEqual([null, null, null]);
    const { decks, losses } = tableToDecks(table, { question: 0, answer: 2 }, "D");
    expect(decks[0]?.cards).toEqual([
      { question: "a", answer: "c" },
      { question: "1", answer: "3" },
      { question: "4", answer: "6" },
    ]);
    expect(losses.extraFields).toBe(3);
  });

  it("recognises our own CSV export: deck, GUID and duration columns are used, not lost nor offered", () => {
    const exported = [
      "#separator:Comma",
      "#html:false",
      "#notetype:Basic (Flashcards)",
      "#tags:spanish",
      "#columns:Front,Back,Deck,GUID,Duration",
      "#deck column:3",
      "#guid column:4",
      "perro,dog,Spanish::Animals,aB3$x,2.5",
      "gato,cat,Spanish::Animals,c%D4y,10",
      "pez,fish,Spanish::Animals,e&F5z,abc",
      "uno,one,Spanish::Numbers,g*H6w,99",
    ].join("\n");
    const table = parseDelimited(exported);
    expect(table).toMatchObject({ deckColumn: 2, guidColumn: 3, durationColumn: 4 });
    // Only the question and answer columns are offered as question or answer.
    expect(textColumns(table)).toEqual([0, 1]);
    expect(defaultColumns(table)).toEqual({ question: 0, answer: 1 });
    const result = tableToDecks(table, defaultColumns(table), "Fallback");
    expect(result.losses).toEqual({ ...result.losses, extraFields: 0 });
    expect(result.parent).toBe("Spanish");
    // A duration outside 0.5–30 s or not a number is left to the default.
    expect(result.decks).toEqual([
      {
        name: "Animals",
        cards: [
          { question: "perro", answer: "dog", duration: 2.5 },
          { question: "gato", answer: "cat", duration: 10 },
          { question: "pez", answer: "fish" },
        ],
      },
      { name: "Numbers", cards: [{ question: "uno", answer: "one" }] },
    ]);
  });

  it("reads the exports made before the Duration column: the GUID column is not an extra field", () => {
    const older = [
      "#separator:Comma",
      "#html:false",
      "#notetype:Basic (Flashcards)",
      "#columns:Question,Answer,Deck,GUID",
      "#deck column:3",
      "#guid column:4",
      ...Array.from({ length: 5 }, (_, i) => `q${i},a${i},Course::Deck,guid${i}`),
    ].join("\n");
    const table = parseDelimited(older);
    expect(textColumns(table)).toEqual([0, 1]);
    const result = tableToDecks(table, defaultColumns(table), "Fallback");
    expect(result.losses.extraFields).toBe(0);
    expect(result.decks[0]?.cards[0]).toEqual({ question: "q0", answer: "a0" });
  });

  it("refuses broken quotes and an empty file with their own codes", async () => {
    await refusedWith(() => parseDelimited(text("broken-quotes.csv")), "broken_quotes");
    await refusedWith(() => parseDelimited(""), "empty");
    await refusedWith(() => parseDelimited("\uFEFF \n\n"), "empty");
  });
});

describe("HTML and cloze", () => {
  it("keeps line breaks, drops markup and media, decodes entities", () => {
    expect(htmlToText("<div>one</div><div>two&nbsp;&amp; three</div>x<br/>y &#x41;&#66;")).toEqual({
      text: "one\ntwo & three\nx\ny AB",
      hadMedia: false,
      hadFormatting: true,
    });
    expect(htmlToText('word <img src="a.png"> [sound:b.mp3]')).toMatchObject({ text: "word", hadMedia: true });
  });

  it("makes one card per cloze number, with hints", () => {
    expect(expandCloze("{{c1::Paris}} is in {{c2::France::country}}; {{c1::it}} is big").cards).toEqual([
      { ordinal: 1, question: "[…] is in France; […] is big", answer: "Paris, it" },
      { ordinal: 2, question: "Paris is in [country]; it is big", answer: "France" },
    ]);
    // A deletion ends at the first `}}`; its hint follows the first `::`; an empty hint is none.
    expect(expandCloze("{{c2::a::b::c}} {{c1::x::}}}} {{c3::open").cards).toEqual([
      { ordinal: 1, question: "a […]}} {{c3::open", answer: "x" },
      { ordinal: 2, question: "[b::c] x}} {{c3::open", answer: "a" },
    ]);
  });

  it("gives a note at most a deck's worth of cloze cards and counts the rest", () => {
    const note = Array.from({ length: 70 }, (_, i) => `{{c${70 - i}::w${70 - i}}}`).join(" ");
    const { cards, beyondLimit } = expandCloze(note);
    expect(cards).toHaveLength(CLOZE_MAX_PER_NOTE);
    expect(cards.map((card) => card.ordinal)).toEqual(Array.from({ length: CLOZE_MAX_PER_NOTE }, (_, i) => i + 1));
    expect(beyondLimit).toBe(70 - CLOZE_MAX_PER_NOTE);
  });
});

describe("Anki packages made by Anki", () => {
  it("reads collection.anki2 (Anki's own test package) with its deck", async () => {
    const collection = await read(fixture("anki2-two-decks.apkg"));
    expect(collection).toMatchObject({ format: "anki2", schema: 11, mediaFiles: 2 });
    const result = ankiToDecks(collection, defaultFieldChoices(collection));
    expect(result.decks).toEqual([{ name: "testdeck", cards: [{ question: "question?", answer: "answer!" }] }]);
    const update = await read(fixture("anki2-update1.apkg"));
    expect(ankiToDecks(update, defaultFieldChoices(update)).decks[0]?.cards).toEqual([
      { question: "hello", answer: "world" },
    ]);
  });

  it("reads collection.anki21 (Anki 25.02 export): cloze, note types, image occlusion and losses", async () => {
    const collection = await read(fixture("anki21-mixed-types.apkg"));
    expect(collection).toMatchObject({ format: "anki21", schema: 11, mediaFiles: 1 });
    expect(usedNoteTypes(collection).map((t) => t.type.name)).toContain("Cloze");
    const result = ankiToDecks(collection, defaultFieldChoices(collection));
    expect(result.decks.map((d) => d.name)).toEqual(["Test - Mixed Types"]);
    const cards = result.decks[0]?.cards ?? [];
    expect(cards).toContainEqual({ question: "In a cloze, some […] are hidden.", answer: "fields" });
    expect(cards).toContainEqual({ question: "Clozes can have [(something that helps)] as well.", answer: "hints" });
    expect(cards).toContainEqual({
      question: 'This note is of type "Basic"',
      answer: 'This is the "Back" field of type "Basic".',
    });
    expect(cards).toHaveLength(8);
    // The image occlusion note's cards, reversed cards, studied cards: all counted, not silently gone.
    expect(result.losses).toMatchObject({ media: 3, otherTemplates: 2, scheduling: 13 });
  });

  it("reads an Anki 25.02 collection package (.colpkg, anki21) and an anki21b package with its placeholder", async () => {
    const colpkg = await read(fixture("anki21-empty.colpkg"));
    expect(colpkg).toMatchObject({ format: "anki21", notes: [] });
    // Anki's newest format: zstd-compressed schema 18, protobuf media list; the placeholder
    // collection.anki2 beside it (one note asking to update Anki) is not what is read.
    const latest = await read(fixture("anki21b-empty.apkg"));
    expect(latest).toMatchObject({ format: "anki21b", schema: 18, notes: [], mediaFiles: 0 });
  });

  it("reads our generated anki21b package: subdecks, Japanese, cloze, media list, tags, scheduling", async () => {
    const progress: [string, number][] = [];
    const collection = await readAnkiPackage(fixture("generated-anki21b-japanese.apkg"), {
      sqlJs: { wasmBinary },
      onProgress: (stage, fraction) => progress.push([stage, fraction]),
    });
    // The progress bar moves forward through every stage and ends full.
    expect(progress.map(([stage]) => stage)).toEqual(["unzip", "decompress", "open", "notes"]);
    expect(progress.map(([, fraction]) => fraction)).toEqual([...progress.map(([, f]) => f)].sort((a, b) => a - b));
    expect(progress.at(-1)?.[1]).toBe(1);
    expect(collection).toMatchObject({ format: "anki21b", schema: 18, mediaFiles: 2 });
    const result = ankiToDecks(collection, defaultFieldChoices(collection));
    expect(result.decks.map((d) => [d.name, d.cards.length])).toEqual([
      ["Tiny", 2],
      ["日本語", 5],
      ["日本語::動詞", 60],
    ]);
    expect(result.decks[1]?.cards).toContainEqual({ question: "[…]は日本の首都です。", answer: "東京" });
    expect(result.decks[1]?.cards).toContainEqual({ question: "東京は[country]の首都です。", answer: "日本" });
    expect(result.tags.slice(0, 2)).toEqual(["動詞", "jlpt5"]);
    // <b> is formatting; a <br> is a line break, which is kept.
    expect(result.losses).toMatchObject({ scheduling: 10, media: 2, formatting: 1 });

    // A different answer field: "Notes" only.
    const basic = collection.noteTypes.find((t) => t.name === "Basic")?.id ?? "";
    const chosen = ankiToDecks(collection, { ...defaultFieldChoices(collection), [basic]: { question: 0, answer: 2 } });
    expect(chosen.decks.find((d) => d.name === "日本語")?.cards).toContainEqual({ question: "鳥", answer: "extra" });

    const plan = planImport(result.decks, texts);
    expect(plan.decks.map((d) => [d.name, d.cards.length])).toEqual([
      ["日本語", 5],
      ["日本語 › 動詞 (Part 1)", 30],
      ["日本語 › 動詞 (Part 2)", 30],
    ]);
    expect(plan.skipped).toEqual([{ name: "Tiny", cards: 2 }]);
    expect(plan.decks[0]?.cards[0]?.duration).toBe(3);
  });
});

describe("bad files: each refused with its own reason", () => {
  it("an empty file, a file over 100 MB (the issue's 200 MB), and a file that is not a zip", async () => {
    await refusedWith(() => assertFileSize(0), "empty");
    await refusedWith(() => assertFileSize(200 * 1024 * 1024), "too_large");
    expect(() => assertFileSize(5 * 1024 * 1024)).not.toThrow();
    await refusedWith(read(new Uint8Array()), "empty");
    await refusedWith(read(new TextEncoder().encode("front,back\nq,a\n")), "not_zip");
  });

  it("a truncated package and a corrupted one", async () => {
    const whole = fixture("anki21-mixed-types.apkg");
    await refusedWith(read(whole.slice(0, Math.floor(whole.length / 2))), "corrupt");
    const zipped = unzipSync(whole);
    const database = zipped["collection.anki21"] as Uint8Array;
    const damaged = database.slice();
    damaged.fill(0x41, 100, damaged.length); // keeps the SQLite header, destroys the pages
    await refusedWith(read(zipSync({ "collection.anki21": damaged })), "corrupt");
    const flipped = whole.slice();
    for (let i = 200; i < 2000; i += 7) flipped[i] = (flipped[i] as number) ^ 0xff;
    await refusedWith(read(flipped), "corrupt");
  });

  it("a zip without a collection, and an SQLite file of an unknown schema", async () => {
    await refusedWith(read(zipSync({ "notes.txt": new TextEncoder().encode("hello") })), "no_collection");
    const SQL = await initSqlJs({ wasmBinary });
    const other = new SQL.Database();
    other.exec("create table people (name text); insert into people values ('Ada');");
    await refusedWith(read(zipSync({ "collection.anki21": other.export() })), "unknown_schema");
    const oldAnki = new SQL.Database();
    oldAnki.exec(
      "create table col (ver integer); insert into col values (9); create table notes (id); create table cards (id);",
    );
    await refusedWith(read(zipSync({ "collection.anki2": oldAnki.export() })), "unknown_schema");
  });

  it("a zip bomb: an entry that unpacks far beyond the limit, and one that claims to", async () => {
    const bomb = zipSync({ "collection.anki21": [new Uint8Array(24 * 1024 * 1024), { level: 9 }] });
    expect(bomb.length).toBeLessThan(100 * 1024);
    await refusedWith(read(bomb, 16 * 1024 * 1024), "zip_bomb");
    // The same archive whose headers claim 3 GB: refused at the default limit before inflating.
    const claims = bomb.slice();
    const view = new DataView(claims.buffer);
    for (let at = 0; at < claims.length - 4; at++) {
      const signature = view.getUint32(at, true);
      if (signature === 0x04034b50) view.setUint32(at + 22, 3_000_000_000, true);
      if (signature === 0x02014b50) view.setUint32(at + 24, 3_000_000_000, true);
    }
    await refusedWith(read(claims), "zip_bomb");
  });
});

describe("the import plan", () => {
  const deck = (name: string, n: number): ImportDeck => ({
    name,
    cards: Array.from({ length: n }, (_, i) => ({ question: `${name}${i}`, answer: "a" })),
  });

  it("splits decks over 50 into even consecutive parts, never under 4", () => {
    const plan = planImport([deck("A", 51), deck("B", 50), deck("C", 101)], texts);
    expect(plan.decks.map((d) => [d.name, d.cards.length])).toEqual([
      ["A (Part 1)", 26],
      ["A (Part 2)", 25],
      ["B", 50],
      ["C (Part 1)", 34],
      ["C (Part 2)", 34],
      ["C (Part 3)", 33],
    ]);
    expect(plan.decks[1]?.cards[0]?.question).toBe("A26");
    expect(plan.cardCount).toBe(202);
  });

  it("pools decks under 4 cards when together they make a deck, else skips them", () => {
    const pooled = planImport([deck("A", 2), deck("B", 10), deck("C", 3)], texts);
    expect(pooled.decks.map((d) => [d.name, d.cards.length, d.sources])).toEqual([
      ["B", 10, ["B"]],
      ["Other cards", 5, ["A", "C"]],
    ]);
    expect(pooled.merged.map((d) => d.name)).toEqual(["A", "C"]);
    const skipped = planImport([deck("A", 2), deck("B", 10)], texts);
    expect(skipped.skipped).toEqual([{ name: "A", cards: 2 }]);
    expect(skipped.decks).toHaveLength(1);
  });

  it("makes no deck of fewer than 4 cards in all: every deck is skipped, none is created", () => {
    const three = planImport([deck("A", 3)], texts);
    expect(three).toMatchObject({ decks: [], cardCount: 0, skipped: [{ name: "A", cards: 3 }], merged: [] });
    const apart = planImport([deck("A", 1), deck("B", 2)], texts);
    expect(apart).toMatchObject({
      decks: [],
      skipped: [
        { name: "A", cards: 1 },
        { name: "B", cards: 2 },
      ],
    });
  });

  it("keeps a card's display time from the source, else gives the default, and counts the kept ones", () => {
    const timed = {
      name: "T",
      cards: [
        { question: "q1", answer: "a", duration: 1.5 },
        { question: "q2", answer: "a" },
        { question: "q3", answer: "a", duration: 30 },
        { question: "q4", answer: "a" },
      ],
    };
    const plan = planImport([timed], texts);
    expect(plan.decks[0]?.cards.map((c) => c.duration)).toEqual([1.5, 3, 30, 3]);
    expect(plan.keptDurations).toBe(2);
    expect(planImport([deck("A", 4)], texts).keptDurations).toBe(0);
  });

  it("cuts long texts and names, keeps at most 40 decks, and tidies tags", () => {
    const long = { name: "x".repeat(300), cards: [{ question: "q".repeat(600), answer: "a" }, ...deck("y", 3).cards] };
    const plan = planImport([long, ...Array.from({ length: 45 }, (_, i) => deck(`D${i}`, 4))], texts);
    expect(plan.decks).toHaveLength(40);
    expect(plan.overLimit).toHaveLength(6);
    expect([...(plan.decks[0]?.name ?? "")].length).toBeLessThanOrEqual(120);
    expect([...(plan.decks[0]?.cards[0]?.question ?? "")].length).toBe(500);
    expect(plan.shortened).toBe(1);
    expect(deckName("Parent::Child")).toBe("Parent › Child");
    const tags = courseTags(["a", " a ", ...Array.from({ length: 25 }, (_, i) => `t${i}`), "z".repeat(50)]);
    expect(tags.tags).toHaveLength(20);
    expect(tags.dropped).toBe(7);
  });
});

describe("large and hostile files (#21 item 9)", () => {
  it("reads a CSV of 150,000 rows (Math.max over every row overflowed the stack)", () => {
    const csv = Array.from({ length: 150_000 }, (_, i) => `q${i},a${i}`).join("\n");
    const table = parseDelimited(csv);
    expect(table.rows).toHaveLength(150_000);
    expect(table.columns).toEqual([null, null]);
  });

  it("converts pathological HTML and cloze text in one pass: a megabyte of `<`, `<img`, `[sound:`, `<script>`, `{{c1::`…", () => {
    // Run in a child process so the old quadratic code (1 MB of `<`: about 20 minutes) is stopped
    // by the generous ceiling and fails, instead of holding the test run; linear code takes well
    // under a second. Each input also checks what the conversion gives.
    const module = (name: string) => JSON.stringify(join(import.meta.dirname, name));
    const script = `
      import { htmlToText } from ${module("html.ts")};
      import { expandCloze } from ${module("cloze.ts")};
      const size = 1_000_000;
      const cases = {
        lt: "<".repeat(size),
        img: "<img".repeat(size / 4),
        sound: "[sound:".repeat(size / 7),
        script: "<script>".repeat(size / 8),
        audio: "x<audio>".repeat(size / 8),
        entity: "&#x41".repeat(size / 5),
        breaks: "a<br>".repeat(size / 5),
      };
      const out = {};
      for (const [name, input] of Object.entries(cases)) {
        const { text, hadMedia } = htmlToText(input);
        out[name] = { length: text.length, start: text.slice(0, 8), hadMedia };
      }
      out.cloze = { cards: expandCloze("{{c1::".repeat(size / 6)).cards.length };
      process.stdout.write(JSON.stringify(out));
    `;
    const run = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "--eval", script], {
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.signal, "the conversion did not finish within a minute").toBeNull();
    expect(run.stderr).toBe("");
    expect(JSON.parse(run.stdout)).toEqual({
      lt: { length: 1_000_000, start: "<<<<<<<<", hadMedia: false },
      img: { length: 1_000_000, start: "<img<img", hadMedia: false },
      sound: { length: 999_999, start: "[sound:[", hadMedia: false },
      script: { length: 0, start: "", hadMedia: false },
      audio: { length: 125_000, start: "xxxxxxxx", hadMedia: true },
      entity: { length: 1_000_000, start: "&#x41&#x", hadMedia: false },
      breaks: { length: 399_999, start: "a\na\na\na\n", hadMedia: false },
      cloze: { cards: 0 },
    });
  }, 90_000);

  it("refuses a package whose entries together unpack beyond the limit, each being within it", async () => {
    const zeros = (megabytes: number): ZippableFile => [new Uint8Array(megabytes * 1024 * 1024), { level: 9 }];
    const limit = 8 * 1024 * 1024;
    // Two entries of 6 MB: each within 8 MB, 12 MB in all. Refused before either is inflated.
    const pair = zipSync({ "collection.anki21": zeros(6), media: zeros(6) });
    expect(pair.length).toBeLessThan(50 * 1024);
    await refusedWith(read(pair, limit), "zip_bomb");
    // The package: four collection entries. Only the newest collection and the media list
    // are ever inflated, so the other two do not count (and this one fails as a database, not a bomb).
    const four = zipSync({
      "collection.anki2": zeros(6),
      "collection.anki21": zeros(6),
      "collection.anki21b": zeros(1),
      "collection.other": zeros(6),
    });
    await refusedWith(read(four, limit), "corrupt");
    // A zstd collection of 7 MB (its frame declares no size) after a media list of 2 MB: refused
    // while decompressing, once the total passes the limit.
    const frame = zstdZeros(7 * 1024 * 1024);
    await refusedWith(read(zipSync({ "collection.anki21b": frame, media: zeros(2) }), limit), "zip_bomb");
  }, 30_000);

  it("takes NUL and lone surrogates out of every importer's text and counts them as lost", async () => {
    const table = parseDelimited("q\u0000one,a1\nq2,a\uD8002\nq3,a3\nq4,a4\u0000\u0000\n");
    expect(table.rows[0]).toEqual(["qone", "a1"]);
    expect(table.rows[1]).toEqual(["q2", "a2"]);
    expect(tableToDecks(table, defaultColumns(table), "D").losses.removedCharacters).toBe(4);

    const pasted = parseQuizlet("犬\u0000\tdog\n猫\tc\uDC00at", detectSeparators("犬\tdog"));
    expect(pasted.cards).toEqual([
      { question: "犬", answer: "dog" },
      { question: "猫", answer: "cat" },
    ]);
    expect(pasted.removedCharacters).toBe(2);

    // An Anki field holding a NUL: sql.js reads text only up to it, so the rest of the note was lost.
    const zipped = unzipSync(fixture("anki21-mixed-types.apkg"));
    const SQL = await initSqlJs({ wasmBinary });
    const db = new SQL.Database(zipped["collection.anki21"]);
    db.exec(
      "update notes set flds = 'ab' || char(0) || 'c' || char(31) || 'answer' where id = (select min(id) from notes)",
    );
    const collection = await read(zipSync({ ...zipped, "collection.anki21": db.export() }));
    expect(collection.removedCharacters).toBe(1);
    expect(collection.notes[0]?.fields).toEqual(["abc", "answer"]);
    expect(ankiToDecks(collection, defaultFieldChoices(collection)).losses.removedCharacters).toBe(1);
  });
});

describe("our CSV export's spreadsheet-safe cells (#21 item 5)", () => {
  it("reads every cell as the export meant it: one `'` off a formula-like cell, after the UTF-8 BOM", () => {
    const csv = [
      "\uFEFF#separator:Comma",
      "#columns:Front,Back,Deck",
      "#deck column:3",
      `"'=HYPERLINK(""http://x"",""y"")",''=x,'-Deck`,
      "'+1,'-,D",
      "'plain,it's,D",
    ].join("\n");
    const table = parseDelimited(csv);
    expect(table.rows).toEqual([
      ['=HYPERLINK("http://x","y")', "'=x", "-Deck"],
      ["+1", "-", "D"],
      ["'plain", "it's", "D"],
    ]);
  });
});

/** A zstd frame that declares no size, of `bytes` zeros in RLE blocks of 128 KiB (RFC 8878). */
function zstdZeros(bytes: number): Uint8Array {
  const block = 128 * 1024;
  const count = Math.ceil(bytes / block);
  const out = new Uint8Array(6 + count * 4);
  out.set([0x28, 0xb5, 0x2f, 0xfd, 0x00, 0x38]); // magic, no content size, a 128 KiB window
  for (let i = 0; i < count; i++) {
    const header = (block << 3) | (1 << 1) | (i === count - 1 ? 1 : 0); // RLE block, last one flagged
    out.set([header & 0xff, (header >> 8) & 0xff, (header >> 16) & 0xff, 0], 6 + i * 4);
  }
  return out;
}
