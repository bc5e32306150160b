/**
 * Reads an Anki package (.apkg or .colpkg) from its bytes, in a browser worker or in Node alike:
 * fflate unzips, fzstd decompresses `collection.anki21b`, sql.js opens the SQLite collection. The
 * three collection formats are read; newer packages also carry a placeholder `collection.anki2`
 * (one note asking to update Anki), which is ignored when a newer collection is present.
 *
 * Media files are never decompressed: only their list is read, to say how many stay behind.
 */
import { unzipSync } from "fflate";
import { decompress as zstdDecompress } from "fzstd";
import initSqlJs, { type Database, type SqlJsConfig, type SqlValue } from "sql.js";
import { isClozeConfig, readMediaEntries } from "./protobuf";
import { ImportFileError } from "./types";
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
}

export type AnkiProgress = (stage: "unzip" | "decompress" | "open" | "notes", fraction: number) => void;

export interface ReadAnkiOptions {
  /** How sql.js finds its WebAssembly: `locateFile` in a browser, `wasmBinary` in Node. */
  sqlJs: SqlJsConfig;
  onProgress?: AnkiProgress;
  /** Refuses a collection that would decompress to more (a zip or zstd bomb). */
  maxCollectionBytes?: number;
}

export const MAX_COLLECTION_BYTES = 512 * 1024 * 1024;

const COLLECTIONS: AnkiFormat[] = ["anki21b", "anki21", "anki2"];
const SQLITE_HEADER = "SQLite format 3\u0000";

function unzip(bytes: Uint8Array, maxBytes: number) {
  if (bytes.length < 4 || bytes[0] !== 0x50 || bytes[1] !== 0x4b) {
    throw new ImportFileError("not_zip", "The file is not a zip archive.");
  }
  try {
    return unzipSync(bytes, {
      filter: (file) => {
        const wanted = file.name === "media" || file.name.startsWith("collection.");
        if (wanted && file.originalSize > maxBytes) {
          throw new ImportFileError("zip_bomb", `${file.name} would unpack to ${file.originalSize} bytes.`);
        }
        return wanted;
      },
    });
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    throw new ImportFileError("corrupt", `The zip archive is damaged: ${(error as Error).message}`);
  }
}

function unzstd(bytes: Uint8Array, maxBytes: number, what: string): Uint8Array {
  const declared = zstdContentSize(bytes);
  if (declared !== null && declared > maxBytes) {
    throw new ImportFileError("zip_bomb", `${what} would decompress to ${declared} bytes.`);
  }
  let out: Uint8Array;
  try {
    out = zstdDecompress(bytes);
  } catch (error) {
    throw new ImportFileError("corrupt", `${what} cannot be decompressed: ${(error as Error).message}`);
  }
  if (out.length > maxBytes) throw new ImportFileError("zip_bomb", `${what} decompressed to ${out.length} bytes.`);
  return out;
}

function mediaCount(file: Uint8Array | undefined, format: AnkiFormat, maxBytes: number): number {
  if (!file || file.length === 0) return 0;
  try {
    if (format === "anki21b") return readMediaEntries(unzstd(file, maxBytes, "The media list")).length;
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
  const maxBytes = options.maxCollectionBytes ?? MAX_COLLECTION_BYTES;
  const progress = options.onProgress ?? (() => {});
  if (bytes.length === 0) throw new ImportFileError("empty", "The file is empty.");
  progress("unzip", 0);
  const files = unzip(bytes, maxBytes);
  const format = COLLECTIONS.find((name) => files[`collection.${name}`] !== undefined);
  if (!format) throw new ImportFileError("no_collection", "The archive holds no Anki collection.");
  let collection = files[`collection.${format}`] as Uint8Array;
  progress("decompress", 0.15);
  if (format === "anki21b") collection = unzstd(collection, maxBytes, "The collection");
  const mediaFiles = mediaCount(files.media, format, maxBytes);

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

    const cardsByNote = new Map<string, AnkiCard[]>();
    for (const [nid, ord, did, type] of rows(db, "select nid, ord, did, type from cards order by nid, ord")) {
      const list = cardsByNote.get(String(nid)) ?? [];
      list.push({ ord: Number(ord), deck: read.decks.get(String(did)) ?? "Default", studied: Number(type) !== 0 });
      cardsByNote.set(String(nid), list);
    }

    const notes: AnkiNote[] = [];
    const statement = db.prepare("select id, mid, flds, tags from notes order by id");
    const total = Number(rows(db, "select count(*) from notes")[0]?.[0] ?? 0);
    try {
      while (statement.step()) {
        const [id, mid, flds, tags] = statement.get();
        notes.push({
          noteType: String(mid),
          fields: String(flds ?? "").split("\u001f"),
          tags: String(tags ?? "")
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
    return { format, schema, noteTypes: read.noteTypes, notes, mediaFiles };
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    throw new ImportFileError("corrupt", `The collection database is damaged: ${(error as Error).message}`);
  } finally {
    db.close();
  }
}
