/**
 * Reads an Anki package (.apkg or .colpkg) from its bytes, in a browser worker or in Node alike:
 * fflate unzips, fzstd decompresses `collection.anki21b`, sql.js opens the SQLite collection. The
 * three collection formats are read; newer packages also carry a placeholder `collection.anki2`
 * (one note asking to update Anki), which is ignored when a newer collection is present.
 *
 * Media files are never decompressed: only their list is read, to say how many stay behind.
 */
import { unzipSync } from "fflate";
import { Decompress as ZstdStream } from "fzstd";
import initSqlJs, { type Database, type SqlJsConfig, type SqlValue } from "sql.js";
import { withoutForbiddenCharacters } from "../schemas/text";
import { isClozeConfig, readMediaEntries } from "./protobuf";
import { ImportFileError, MAX_UNPACKED_BYTES } from "./types";
import { zstdContentSize } from "./zstd-frame";

export type AnkiFormat = "anki2" | "anki21" | "anki21b";

export interface AnkiNoteType {
  id: string;
  name: string;
  cloze: boolean;
  fields: string[];
}

export interface AnkiCard {
  ord: number;
  deck: string;
  /** Reviewed at least once in Anki (its scheduling does not come along). */
  studied: boolean;
}

export interface AnkiNote {
  noteType: string;
  fields: string[];
  tags: string[];
  cards: AnkiCard[];
}

export interface AnkiCollection {
  format: AnkiFormat;
  schema: number;
  noteTypes: AnkiNoteType[];
  notes: AnkiNote[];
  mediaFiles: number;
  /** Characters the database cannot store (NUL…), taken out of fields, tags and deck names. */
  removedCharacters: number;
}

export type AnkiProgress = (stage: "unzip" | "decompress" | "open" | "notes", fraction: number) => void;

export interface ReadAnkiOptions {
  /** How sql.js finds its WebAssembly: `locateFile` in a browser, `wasmBinary` in Node. */
  sqlJs: SqlJsConfig;
  onProgress?: AnkiProgress;
  /** Refuses a package whose entries would unpack to more, in total (a zip or zstd bomb). */
  maxUnpackedBytes?: number;
}

const COLLECTIONS: AnkiFormat[] = ["anki21b", "anki21", "anki2"];
const SQLITE_HEADER = "SQLite format 3\u0000";

/** The bytes unpacked so far, refused as a bomb once past the limit. */
class UnpackBudget {
  private spent = 0;
  constructor(private readonly max: number) {}

  /** Counts bytes about to be (or just) unpacked. */
  spend(bytes: number, what: string): void {
    this.spent += bytes;
    if (this.spent > this.max) {
      throw new ImportFileError(
        "zip_bomb",
        `${what} brings the unpacked total to ${this.spent} bytes (at most ${this.max}).`,
      );
    }
  }

  /** Refuses before unpacking what would not fit, without counting it yet. */
  assertRoom(bytes: number, what: string): void {
    if (this.spent + bytes > this.max) {
      throw new ImportFileError("zip_bomb", `${what} would bring the unpacked total to ${this.spent + bytes} bytes.`);
    }
  }
}

type ZipEntries = Record<string, Uint8Array>;

/**
 * Inflates only the newest collection and the media list. The central directory is read first
 * (nothing inflated) and the sizes of the entries chosen are counted before any is inflated:
 * fflate inflates a deflated entry into a buffer of its declared size, never more, and a stored
 * entry is its own bytes, so these sizes bound what is unpacked.
 */
function unzip(bytes: Uint8Array, budget: UnpackBudget): { files: ZipEntries; format: AnkiFormat } {
  if (bytes.length < 4 || bytes[0] !== 0x50 || bytes[1] !== 0x4b) {
    throw new ImportFileError("not_zip", "The file is not a zip archive.");
  }
  try {
    const sizes = new Map<string, number>();
    unzipSync(bytes, {
      filter: (file) => {
        sizes.set(file.name, file.compression === 0 ? file.size : file.originalSize);
        return false;
      },
    });
    const format = COLLECTIONS.find((name) => sizes.has(`collection.${name}`));
    if (!format) throw new ImportFileError("no_collection", "The archive holds no Anki collection.");
    const wanted = new Set([`collection.${format}`, "media"].filter((name) => sizes.has(name)));
    for (const name of wanted) budget.spend(sizes.get(name) ?? 0, name);
    return { files: unzipSync(bytes, { filter: (file) => wanted.has(file.name) }), format };
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    throw new ImportFileError("corrupt", `The zip archive is damaged: ${(error as Error).message}`);
  }
}

/**
 * zstd data, counted against the budget as it comes out: refused before decompressing when the
 * frame declares too large a size, and as soon as the output passes the limit when it does not.
 */
function unzstd(bytes: Uint8Array, budget: UnpackBudget, what: string): Uint8Array {
  const declared = zstdContentSize(bytes);
  if (declared !== null) budget.assertRoom(declared, what);
  let out = new Uint8Array(declared ?? 0);
  let length = 0;
  const stream = new ZstdStream((chunk) => {
    budget.spend(chunk.length, what);
    if (length + chunk.length > out.length) {
      const grown = new Uint8Array(Math.max(out.length * 2, length + chunk.length));
      grown.set(out.subarray(0, length));
      out = grown;
    }
    out.set(chunk, length);
    length += chunk.length;
  });
  try {
    stream.push(bytes, true);
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    throw new ImportFileError("corrupt", `${what} cannot be decompressed: ${(error as Error).message}`);
  }
  return out.subarray(0, length);
}

function mediaCount(file: Uint8Array | undefined, format: AnkiFormat, budget: UnpackBudget): number {
  if (!file || file.length === 0) return 0;
  try {
    if (format === "anki21b") return readMediaEntries(unzstd(file, budget, "The media list")).length;
    return Object.keys(JSON.parse(new TextDecoder().decode(file)) as object).length;
  } catch (error) {
    if (error instanceof ImportFileError && error.code === "zip_bomb") throw error;
    return 0; // the media stay behind anyway; a damaged list only loses the count
  }
}

function rows(db: Database, sql: string): SqlValue[][] {
  return db.exec(sql)[0]?.values ?? [];
}

function tableNames(db: Database): Set<string> {
  return new Set(rows(db, "select name from sqlite_master where type = 'table'").map((r) => String(r[0])));
}

interface Schema {
  noteTypes: AnkiNoteType[];
  decks: Map<string, string>;
}

/** Schema 11: note types and decks are JSON in the `col` row. */
function readSchema11(db: Database): Schema {
  const [row] = rows(db, "select models, decks from col");
  const models = JSON.parse(String(row?.[0] ?? "{}")) as Record<
    string,
    { name?: string; type?: number; flds?: { name: string; ord: number }[] }
  >;
  const decks = JSON.parse(String(row?.[1] ?? "{}")) as Record<string, { name?: string }>;
  return {
    noteTypes: Object.entries(models).map(([id, m]) => ({
      id,
      name: m.name ?? id,
      cloze: m.type === 1,
      fields: [...(m.flds ?? [])].sort((a, b) => a.ord - b.ord).map((f) => f.name),
    })),
    decks: new Map(Object.entries(decks).map(([id, d]) => [id, d.name ?? id])),
  };
}

/** Schema 15 and later (anki21b is 18): tables of their own; deck names separate levels by 0x1f. */
function readSchema18(db: Database): Schema {
  const fields = new Map<string, string[]>();
  for (const [ntid, name] of rows(db, "select ntid, name from fields order by ntid, ord")) {
    const list = fields.get(String(ntid)) ?? [];
    list.push(String(name));
    fields.set(String(ntid), list);
  }
  return {
    noteTypes: rows(db, "select id, name, config from notetypes").map(([id, name, config]) => ({
      id: String(id),
      name: String(name),
      cloze: config instanceof Uint8Array ? isClozeConfig(config) : false,
      fields: fields.get(String(id)) ?? [],
    })),
    decks: new Map(
      rows(db, "select id, name from decks").map(([id, name]) => [String(id), String(name).replaceAll("\u001f", "::")]),
    ),
  };
}

function openCollection(SQL: Awaited<ReturnType<typeof initSqlJs>>, bytes: Uint8Array): Database {
  const header = new TextDecoder().decode(bytes.subarray(0, 16));
  if (header !== SQLITE_HEADER) throw new ImportFileError("corrupt", "The collection is not an SQLite database.");
  try {
    let db = new SQL.Database(bytes);
    // Anki 2.1.28+ declares columns with its own "unicase" collation, which sql.js cannot register:
    // reading such a table fails ("no query solution"). The copy opened here drops the collation.
    const [unicase] = rows(db, "select count(*) from sqlite_master where sql like '%collate unicase%'");
    if (Number(unicase?.[0]) > 0) {
      db.exec(`PRAGMA writable_schema = ON;
        UPDATE sqlite_master SET sql = replace(replace(sql, 'COLLATE unicase', ''), 'collate unicase', '')
          WHERE sql LIKE '%collate unicase%';
        PRAGMA writable_schema = OFF;`);
      const fixed = db.export();
      db.close();
      db = new SQL.Database(fixed);
    }
    return db;
  } catch (error) {
    throw new ImportFileError("corrupt", `The collection database is damaged: ${(error as Error).message}`);
  }
}

export async function readAnkiPackage(bytes: Uint8Array, options: ReadAnkiOptions): Promise<AnkiCollection> {
  const budget = new UnpackBudget(options.maxUnpackedBytes ?? MAX_UNPACKED_BYTES);
  const progress = options.onProgress ?? (() => {});
  if (bytes.length === 0) throw new ImportFileError("empty", "The file is empty.");
  progress("unzip", 0);
  const { files, format } = unzip(bytes, budget);
  let collection = files[`collection.${format}`] as Uint8Array;
  progress("decompress", 0.15);
  if (format === "anki21b") collection = unzstd(collection, budget, "The collection");
  const mediaFiles = mediaCount(files.media, format, budget);

  progress("open", 0.3);
  const SQL = await initSqlJs(options.sqlJs);
  const db = openCollection(SQL, collection);
  try {
    const tables = tableNames(db);
    if (!tables.has("col") || !tables.has("notes") || !tables.has("cards")) {
      throw new ImportFileError("unknown_schema", "The database is not an Anki collection.");
    }
    const schema = Number(rows(db, "select ver from col")[0]?.[0] ?? 0);
    let read: Schema;
    if (schema === 11) read = readSchema11(db);
    else if (schema >= 15 && schema <= 18 && tables.has("notetypes") && tables.has("fields") && tables.has("decks")) {
      read = readSchema18(db);
    } else throw new ImportFileError("unknown_schema", `Anki collection schema ${schema} is not supported.`);

    let removedCharacters = 0;
    const storable = (value: string) => {
      const { text, removed } = withoutForbiddenCharacters(value);
      removedCharacters += removed;
      return text;
    };
    for (const [id, name] of read.decks) read.decks.set(id, storable(name));
    const cardsByNote = new Map<string, AnkiCard[]>();
    for (const [nid, ord, did, type] of rows(db, "select nid, ord, did, type from cards order by nid, ord")) {
      const list = cardsByNote.get(String(nid)) ?? [];
      list.push({ ord: Number(ord), deck: read.decks.get(String(did)) ?? "Default", studied: Number(type) !== 0 });
      cardsByNote.set(String(nid), list);
    }

    const notes: AnkiNote[] = [];
    // The fields as bytes: sql.js reads text only up to a NUL, which would cut the note short.
    const statement = db.prepare("select id, mid, cast(flds as blob), tags from notes order by id");
    const utf8 = new TextDecoder();
    const total = Number(rows(db, "select count(*) from notes")[0]?.[0] ?? 0);
    try {
      while (statement.step()) {
        const [id, mid, flds, tags] = statement.get();
        notes.push({
          noteType: String(mid),
          fields: storable(flds instanceof Uint8Array ? utf8.decode(flds) : String(flds ?? "")).split("\u001f"),
          tags: storable(String(tags ?? ""))
            .trim()
            .split(/\s+/)
            .filter(Boolean),
          cards: cardsByNote.get(String(id)) ?? [],
        });
        if (notes.length % 500 === 0) progress("notes", 0.4 + (0.6 * notes.length) / Math.max(total, 1));
      }
    } finally {
      statement.free();
    }
    progress("notes", 1);
    return { format, schema, noteTypes: read.noteTypes, notes, mediaFiles, removedCharacters };
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    throw new ImportFileError("corrupt", `The collection database is damaged: ${(error as Error).message}`);
  } finally {
    db.close();
  }
}
