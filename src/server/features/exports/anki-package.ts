/**
 * An Anki package (.apkg) in the legacy `collection.anki21` layout (docs/decisions/0028-exports.md):
 * a zip holding an SQLite collection of schema 11 and an empty media map. Every Anki since 2.1.0
 * imports it; there is no placeholder `collection.anki2` beside it (a file that new Anki versions
 * write for old ones, and that trips third-party importers).
 *
 * The collection: one Basic note type (Front, Back; one card), a parent deck named after the
 * course with one child deck per course deck ("Course::Deck"), and one note per card whose GUID
 * is derived from the card's id and the site, so a second import updates instead of duplicating.
 * Cards are new, in course order. Layout checked against Anki's own schema 11 (rslib's
 * `schema11` structs for the col row's JSON, its legacy table definitions).
 */
import { createHash } from "node:crypto";
import { strToU8, zipSync } from "fflate";
import initSqlJs, { type SqlJsStatic } from "sql.js";
import { cardGuid, stableAnkiId } from "./anki-ids";
import { ankiCourseDeckName, ankiDeckName, ankiTags, type CourseExport } from "./course-export";

/** The legacy schema, version 11 (the `ver` column of `col`). */
export const ANKI_LEGACY_SCHEMA_VERSION = 11;
export const ANKI_COLLECTION_FILE = "collection.anki21";
/** Fields of a note are stored joined by this character (ASCII unit separator). */
export const ANKI_FIELD_SEPARATOR = "\x1f";
export const NOTE_TYPE_NAME = "Basic (Flashcards)";

const SCHEMA = `
create table col (id integer primary key, crt integer not null, mod integer not null, scm integer not null,
  ver integer not null, dty integer not null, usn integer not null, ls integer not null, conf text not null,
  models text not null, decks text not null, dconf text not null, tags text not null);
create table notes (id integer primary key, guid text not null, mid integer not null, mod integer not null,
  usn integer not null, tags text not null, flds text not null, sfld integer not null, csum integer not null,
  flags integer not null, data text not null);
create table cards (id integer primary key, nid integer not null, did integer not null, ord integer not null,
  mod integer not null, usn integer not null, type integer not null, queue integer not null, due integer not null,
  ivl integer not null, factor integer not null, reps integer not null, lapses integer not null, left integer not null,
  odue integer not null, odid integer not null, flags integer not null, data text not null);
create table revlog (id integer primary key, cid integer not null, usn integer not null, ease integer not null,
  ivl integer not null, lastIvl integer not null, factor integer not null, time integer not null, type integer not null);
create table graves (usn integer not null, oid integer not null, type integer not null);
create index ix_notes_usn on notes (usn);
create index ix_cards_usn on cards (usn);
create index ix_revlog_usn on revlog (usn);
create index ix_cards_nid on cards (nid);
create index ix_cards_sched on cards (did, queue, due);
create index ix_revlog_cid on revlog (cid);
create index ix_notes_csum on notes (csum);
`;

const CARD_CSS = `.card {
  font-family: sans-serif;
  font-size: 24px;
  text-align: center;
  color: black;
  background-color: white;
}
`;

/** sql.js's WebAssembly is compiled once per process, on the first package built. */
let sqlJs: Promise<SqlJsStatic> | undefined;
function loadSqlJs(): Promise<SqlJsStatic> {
  sqlJs ??= initSqlJs().catch((error: unknown) => {
    sqlJs = undefined;
    throw error;
  });
  return sqlJs;
}

/** Our texts are plain: as Anki fields (HTML) they are escaped, and a line break is a <br>. */
export function toAnkiHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replace(/\r\n?|\n/g, "<br>");
}

/** The sort field as Anki keeps it: the field's text without markup (a line break reads as a space). */
export function sortFieldText(text: string): string {
  return text.replace(/\s*(?:\r\n?|\n)\s*/g, " ").trim();
}

/** Anki's duplicate check: the first 8 hex digits of SHA-1 of the first field's text, as a number. */
export function fieldChecksum(text: string): number {
  return Number.parseInt(createHash("sha1").update(text).digest("hex").slice(0, 8), 16);
}

function deckJson(id: number, name: string, modSeconds: number) {
  return {
    id,
    name,
    mod: modSeconds,
    usn: -1,
    desc: "",
    dyn: 0,
    conf: 1,
    collapsed: false,
    browserCollapsed: false,
    extendNew: 0,
    extendRev: 0,
    newToday: [0, 0],
    revToday: [0, 0],
    lrnToday: [0, 0],
    timeToday: [0, 0],
  };
}

function noteTypeJson(id: number, deckId: number, modSeconds: number) {
  const field = (name: string, ord: number) => ({
    name,
    ord,
    sticky: false,
    rtl: false,
    font: "Arial",
    size: 20,
    media: [],
  });
  return {
    id,
    name: NOTE_TYPE_NAME,
    type: 0,
    mod: modSeconds,
    usn: -1,
    sortf: 0,
    did: deckId,
    tmpls: [
      {
        name: "Card 1",
        ord: 0,
        qfmt: "{{Front}}",
        afmt: "{{FrontSide}}\n\n<hr id=answer>\n\n{{Back}}",
        bqfmt: "",
        bafmt: "",
        did: null,
        bfont: "",
        bsize: 0,
      },
    ],
    flds: [field("Front", 0), field("Back", 1)],
    css: CARD_CSS,
    latexPre:
      "\\documentclass[12pt]{article}\n\\special{papersize=3in,5in}\n\\usepackage[utf8]{inputenc}\n" +
      "\\usepackage{amssymb,amsmath}\n\\pagestyle{empty}\n\\setlength{\\parindent}{0in}\n\\begin{document}\n",
    latexPost: "\\end{document}",
    latexsvg: false,
    // The card needs its Front: a note with an empty Front makes no card.
    req: [[0, "all", [0]]],
    tags: [],
    vers: [],
  };
}

/** Options group 1, Anki's defaults (every deck uses it). */
function deckOptionsJson(modSeconds: number) {
  return {
    id: 1,
    name: "Default",
    mod: modSeconds,
    usn: 0,
    maxTaken: 60,
    autoplay: true,
    timer: 0,
    replayq: true,
    dyn: false,
    new: { bury: false, delays: [1, 10], initialFactor: 2500, ints: [1, 4, 0], order: 1, perDay: 20 },
    rev: { bury: false, ease4: 1.3, ivlFct: 1, maxIvl: 36500, perDay: 200, hardFactor: 1.2 },
    lapse: { delays: [10], leechAction: 1, leechFails: 8, minInt: 1, mult: 0 },
  };
}

export interface AnkiPackageOptions {
  /** The site's key (anki-ids.ts siteKey): part of every GUID and of the note type's id. */
  site: string;
  /** When the package is made: notes carry it as their modification time, so Anki sees them as newer. */
  now: Date;
}

/** Builds the collection file (an SQLite database, schema 11). */
export async function buildAnkiCollection(course: CourseExport, { site, now }: AnkiPackageOptions) {
  const SQL = await loadSqlJs();
  const db = new SQL.Database();
  try {
    const nowMs = now.getTime();
    const modSeconds = Math.floor(nowMs / 1000);
    const dayStart = Math.floor(nowMs / 86_400_000) * 86_400;
    const noteTypeId = stableAnkiId(site, "note-type");

    const courseDeckId = stableAnkiId(site, "course-deck", course.id);
    const decks: Record<string, ReturnType<typeof deckJson>> = {
      "1": deckJson(1, "Default", modSeconds),
      [courseDeckId]: deckJson(courseDeckId, ankiCourseDeckName(course), modSeconds),
    };
    const deckIds = course.decks.map((deck) => {
      const id = stableAnkiId(site, "deck", deck.id);
      decks[id] = deckJson(id, ankiDeckName(course, deck), modSeconds);
      return id;
    });

    const cardCount = course.decks.reduce((sum, deck) => sum + deck.cards.length, 0);
    const conf = {
      activeDecks: [1],
      curDeck: 1,
      newSpread: 0,
      collapseTime: 1200,
      timeLim: 0,
      estTimes: true,
      dueCounts: true,
      curModel: noteTypeId,
      nextPos: cardCount + 1,
      sortType: "noteFld",
      sortBackwards: false,
      addToCur: true,
    };

    db.run(SCHEMA);
    db.run("insert into col values (1, ?, ?, ?, ?, 0, 0, 0, ?, ?, ?, ?, '{}')", [
      dayStart,
      nowMs,
      nowMs,
      ANKI_LEGACY_SCHEMA_VERSION,
      JSON.stringify(conf),
      JSON.stringify({ [noteTypeId]: noteTypeJson(noteTypeId, deckIds[0] ?? courseDeckId, modSeconds) }),
      JSON.stringify(decks),
      JSON.stringify({ "1": deckOptionsJson(modSeconds) }),
    ]);

    const tags = ankiTags(course.tags);
    const noteTags = tags.length ? ` ${tags.join(" ")} ` : "";
    const insertNote = db.prepare("insert into notes values (?, ?, ?, ?, -1, ?, ?, ?, ?, 0, '')");
    const insertCard = db.prepare("insert into cards values (?, ?, ?, 0, ?, -1, 0, 0, ?, 0, 0, 0, 0, 0, 0, 0, 0, '')");
    try {
      db.run("begin");
      let position = 0;
      course.decks.forEach((deck, index) => {
        for (const card of deck.cards) {
          position += 1;
          // Note and card ids are creation times in Anki: the export's, one millisecond apart.
          const id = nowMs - cardCount + position;
          const sortField = sortFieldText(card.question);
          const fields = [toAnkiHtml(card.question), toAnkiHtml(card.answer)].join(ANKI_FIELD_SEPARATOR);
          insertNote.run([
            id,
            cardGuid(site, card.id),
            noteTypeId,
            modSeconds,
            noteTags,
            fields,
            sortField,
            fieldChecksum(sortField),
          ]);
          insertCard.run([id, id, deckIds[index] ?? courseDeckId, modSeconds, position]);
        }
      });
      db.run("commit");
    } finally {
      insertNote.free();
      insertCard.free();
    }
    return db.export();
  } finally {
    db.close();
  }
}

/** The .apkg file: a pure function of the course (and the site and time), for the route and for tests. */
export async function buildAnkiPackage(course: CourseExport, options: AnkiPackageOptions): Promise<Uint8Array> {
  const collection = await buildAnkiCollection(course, options);
  return zipSync({
    [ANKI_COLLECTION_FILE]: collection,
    // No media: the map of numbered files to names is empty.
    media: strToU8("{}"),
  });
}
