/**
 * A prepared, migrated PGlite data folder that a new data folder starts as a copy of.
 *
 * Creating an embedded database from nothing runs PostgreSQL's initdb in a second WebAssembly
 * instance: about 5 s, most of a first start. The result depends only on the PGlite version and
 * the migrations, so it is made once, kept under node_modules/.cache, and copied (a plain file
 * copy, ~0.1 s) into every new data folder. The copy is then opened like any existing database:
 * start-up still applies migrations (none are missing unless the folder predates them) and still
 * loads the demo courses when SEED_DEMO allows, so nothing else changes.
 *
 * The cached folder is keyed by a hash of PGlite's version and every file in drizzle/: a migration
 * added or edited, or a PGlite upgrade, gives a new key and a new folder; older ones are removed.
 * `npm run build` (and `npm start` when it builds) prepares it; otherwise the first start that
 * needs it does. It is a speed-up only: if it cannot be made, the database is created as before.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rename, rm } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { migrationsFolder, openDatabase } from "./client";

const root = fileURLToPath(new URL("../../..", import.meta.url));
/** Where the prepared folders live; override for tests. */
export const initialDataCache = join(root, "node_modules/.cache/flashcards");
/** Bumped when the way the folder is prepared changes (other extensions, other options). */
const FORMAT = "1 pg_trgm";

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** A hash of everything the prepared folder is made from. */
export async function initialDataKey(migrations = migrationsFolder): Promise<string> {
  const hash = createHash("sha256").update(FORMAT);
  const pglite = JSON.parse(await readFile(join(root, "node_modules/@electric-sql/pglite/package.json"), "utf8")) as {
    version: string;
  };
  hash.update(`\0pglite ${pglite.version}`);
  for (const file of await filesUnder(migrations)) {
    hash.update(`\0${file.slice(migrations.length)}\0`).update(await readFile(file));
  }
  return hash.digest("hex").slice(0, 16);
}

/**
 * The prepared folder for the current migrations, made first if missing; undefined (and a
 * warning) when it cannot be made, for example on a read-only node_modules.
 */
export async function initialDataFolder(cache = initialDataCache): Promise<string | undefined> {
  try {
    const key = await initialDataKey();
    const folder = join(cache, `pglite-${key}`);
    if (existsSync(join(folder, "PG_VERSION"))) return folder;
    await prepare(cache, folder);
    return folder;
  } catch (error) {
    console.warn(
      `Could not prepare the initial database in ${cache} (${(error as Error).message}): creating it from scratch.`,
    );
    return undefined;
  }
}

async function prepare(cache: string, folder: string): Promise<void> {
  const started = performance.now();
  await mkdir(cache, { recursive: true });
  // Made under a private name and renamed into place: a folder under its final name is complete,
  // and of two processes preparing it at once, one wins and the other uses the winner's.
  const draft = await mkdtemp(join(cache, "draft-"));
  try {
    const pgdata = join(draft, "pglite");
    const database = await openDatabase({ dataDir: pgdata });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
    try {
      await rename(pgdata, folder);
    } catch (error) {
      if (!existsSync(join(folder, "PG_VERSION"))) throw error;
    }
  } finally {
    await rm(draft, { recursive: true, force: true });
  }
  // Folders for other migrations or PGlite versions are of no further use.
  for (const entry of await readdir(cache)) {
    if (entry.startsWith("pglite-") && join(cache, entry) !== folder) {
      await rm(join(cache, entry), { recursive: true, force: true }).catch(() => {});
    }
  }
  console.log(`Prepared the initial database in ${Math.round(performance.now() - started)} ms (${folder}).`);
}
