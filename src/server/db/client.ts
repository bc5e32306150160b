/**
 * The one place that chooses the database: PGlite in a data folder by default, PostgreSQL through
 * `pg` when a URL is given. Both speak the PostgreSQL dialect, so the rest of the server sees one
 * Drizzle database type.
 */
import { existsSync, readFileSync, unlinkSync } from "node:fs";
import { cp, link, mkdir, readFile, rename, rm, unlink, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { SQL } from "drizzle-orm";
import { drizzle as drizzleNodePostgres } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePostgres } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { dataDirStartupError, postgresStartupError, StartupError } from "./availability";
import type { Database, Transaction } from "./database";
import * as schema from "./schema";

export type { Database, Transaction } from "./database";

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Applies every committed migration not yet applied (from `folder`: tests of an upgrade). */
  migrate(folder?: string): Promise<void>;
  /**
   * Runs start-up's one-time work (the migrations, the demo seed) so that of several processes
   * starting together on one PostgreSQL database one does it while the others wait, then find it
   * done. PGlite has one process per folder: there it simply runs.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL("../../../drizzle", import.meta.url));

export type DatabaseTarget =
  | { url: string }
  /**
   * A PGlite data folder. `initialData` names a prepared database (initial-data.ts) that a folder
   * which does not exist yet starts as a copy of, instead of running initdb.
   */
  | { dataDir: string; initialData?: () => Promise<string | undefined> }
  /** In memory, optionally starting from a dump of a data folder (tests). */
  | { memory: true; loadDataDir?: Blob };

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if ("url" in target) return openPostgres(target.url);
  if ("dataDir" in target) return openPgliteFolder(target.dataDir, target.initialData);
  return pgliteHandle(await PGlite.create({ ...pgliteOptions, loadDataDir: target.loadDataDir }));
}

/**
 * PGlite's settings, the same for a data folder and in memory. shared_buffers: PGlite's default of
 * 128 MB is touched at start and grows its WebAssembly memory to ~190 MB; 32 MB keeps an idle
 * server ~135 MB smaller and still holds the embedded database's working set (decision 0016).
 */
const pgliteOptions = {
  extensions: { pg_trgm },
  startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=32MB"],
};

/** How long a new PostgreSQL connection may take before the request is answered 503 instead of hanging. */
const CONNECT_TIMEOUT_MS = 5000;

/**
 * The advisory lock key of start-up's migrations and demo seed (any fixed 64-bit number no other
 * program on the database uses; these are the bytes of "flashcrd").
 */
export const STARTUP_LOCK_KEY = "7380381037653881444";

/**
 * Search runs on a small pool of its own (decision 0014): at most SEARCH_CONNECTIONS searches per
 * process reach PostgreSQL at once (the rest wait their turn), the main pool that serves every other
 * page is never taken by them, and each search statement is cancelled after SEARCH_TIMEOUT_MS.
 */
export const SEARCH_CONNECTIONS = 2;
export const SEARCH_TIMEOUT_MS = 2000;
const searchDatabases = new WeakMap<Database, Database>();

/** The handle searches run on: the search pool on PostgreSQL, the one connection on PGlite. */
export function searchDatabase(db: Database): Database {
  return searchDatabases.get(db) ?? db;
}

function openPostgres(url: string): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
  });
  // A restart or failover ends every connection with an 'error' event: unhandled, it would end the
  // process. The pool drops the broken client; queries meanwhile fail and are answered 503, and the
  // next query after PostgreSQL is back opens a new connection.
  let away = false;
  const lost = (error: Error) => {
    if (!away) console.warn(`PostgreSQL connection lost (${error.message}); answering 503 until it is back.`);
    away = true;
  };
  pool.on("error", lost);
  pool.on("connect", (client) => {
    // The pool listens only to idle clients; one checked out (a transaction) needs its own
    // listener, while its query fails with the same error.
    client.on("error", lost);
    if (away) console.log("PostgreSQL is reachable again.");
    away = false;
  });
  const db = drizzleNodePostgres({ client: pool, schema });
  const searchPool = new pg.Pool({
    connectionString: url,
    max: SEARCH_CONNECTIONS,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    statement_timeout: SEARCH_TIMEOUT_MS,
    // A plan for each pattern: a generic plan cannot tell a common word from a rare one. No parallel
    // workers: starting them costs more than a search takes, and they are CPU other requests need.
    options: "-c plan_cache_mode=force_custom_plan -c max_parallel_workers_per_gather=0",
  });
  searchPool.on("error", lost);
  searchPool.on("connect", (client) => client.on("error", lost));
  searchDatabases.set(db, drizzleNodePostgres({ client: searchPool, schema }));
  return {
    db,
    kind: "postgres",
    async migrate(folder = migrationsFolder) {
      try {
        await migrateNodePostgres(db, { migrationsFolder: folder });
      } catch (error) {
        throw postgresStartupError(error, url);
      }
    },
    async exclusively(work) {
      // A connection of its own, outside the pool: the lock belongs to its session, so the work's
      // queries (on the pool) never wait for it, and a process that dies mid-way loses its session
      // and with it the lock.
      const session = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
      session.on("error", lost);
      try {
        await session.connect();
        const [first] = (await session.query("select pg_try_advisory_lock($1::bigint) as taken", [STARTUP_LOCK_KEY]))
          .rows as { taken: boolean }[];
        if (!first?.taken) {
          console.log("Another server is migrating this database: waiting for it to finish.");
          await session.query("select pg_advisory_lock($1::bigint)", [STARTUP_LOCK_KEY]);
        }
      } catch (error) {
        await session.end().catch(() => {});
        throw postgresStartupError(error, url);
      }
      try {
        return await work();
      } finally {
        // Ending the session releases the lock even when the unlock cannot be sent.
        await session.query("select pg_advisory_unlock($1::bigint)", [STARTUP_LOCK_KEY]).catch(() => {});
        await session.end().catch(() => {});
      }
    },
    close: async () => {
      await Promise.all([pool.end(), searchPool.end()]);
    },
  };
}

async function openPgliteFolder(
  dataDir: string,
  initialData?: () => Promise<string | undefined>,
): Promise<DatabaseHandle> {
  let lock: DataDirLock | undefined;
  const fresh = !existsSync(dataDir);
  try {
    await mkdir(dirname(dataDir), { recursive: true });
    lock = await lockDataDir(`${dataDir}.lock`, dirname(dataDir));
    const template = fresh ? await initialData?.() : undefined;
    if (template) await cp(template, dataDir, { recursive: true, errorOnExist: true, force: false });
    else await mkdir(dataDir, { recursive: true });
    const client = await PGlite.create({ ...pgliteOptions, dataDir });
    const handle = pgliteHandle(client);
    const held = lock;
    return {
      ...handle,
      async close() {
        await handle.close();
        held.release();
      },
    };
  } catch (error) {
    // A first start that failed half-way leaves a folder without a database that would not open
    // next time; an existing database is never touched.
    if (fresh && lock) await rm(dataDir, { recursive: true, force: true }).catch(() => {});
    lock?.release();
    if (error instanceof StartupError) throw error;
    // Named as the operator set it: DATA_DIR, which holds this folder.
    throw (await dataDirStartupError(error, dirname(dataDir))) ?? error;
  }
}

function pgliteHandle(client: PGlite): DatabaseHandle {
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: "pglite",
    migrate: (folder = migrationsFolder) => migratePglite(db, { migrationsFolder: folder }),
    exclusively: (work) => work(),
    close: () => client.close(),
  };
}

interface DataDirLock {
  release(): void;
}

interface LockHolder {
  pid: number;
  host?: string;
  since?: string;
}

/**
 * One process per PGlite folder: PGlite has no locking of its own, and a second process on the
 * same files silently loses the first one's writes. The lock file names its owner's pid; a lock
 * whose process is gone (a crash, a kill -9) is stale and taken over.
 */
export async function lockDataDir(lockPath: string, dataDir: string): Promise<DataDirLock> {
  const mine = `${JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString() })}\n`;
  // Written whole under a private name, then linked into place: link() fails if the lock exists,
  // so no other process can ever read a half-written lock.
  const draft = `${lockPath}.${process.pid}`;
  await writeFile(draft, mine);
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await link(draft, lockPath);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
        if (attempt >= 3)
          throw new StartupError(`Could not take the lock ${lockPath}: other servers keep starting on ${dataDir}.`);
      }
      const holder = await readHolder(lockPath);
      if (holder && isRunning(holder.pid)) throw lockedError(holder, lockPath, dataDir);
      // Stale. Moved aside, not deleted, so that of two servers starting at once only one takes
      // it over; if what was moved turns out to be a live lock after all, it goes back.
      const aside = `${lockPath}.stale.${process.pid}`;
      try {
        await rename(lockPath, aside);
      } catch {
        continue; // someone else moved it first
      }
      const moved = await readHolder(aside);
      if (moved && moved.pid !== holder?.pid && isRunning(moved.pid)) {
        await link(aside, lockPath).catch(() => {});
        await unlink(aside).catch(() => {});
        throw lockedError(moved, lockPath, dataDir);
      }
      await unlink(aside).catch(() => {});
      if (holder)
        console.warn(`Took over the data folder's lock from process ${holder.pid}, which is no longer running.`);
    }
  } finally {
    await unlink(draft).catch(() => {});
  }

  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off("exit", release);
    try {
      // Only our own lock: never one another process took over after this one was declared stale.
      if (readFileSync(lockPath, "utf8") === mine) unlinkSync(lockPath);
    } catch {
      // Already gone.
    }
  };
  // Every exit path, including process.exit() after a failed start, leaves no lock behind.
  process.on("exit", release);
  return { release };
}

async function readHolder(lockPath: string): Promise<LockHolder | undefined> {
  try {
    const holder = JSON.parse(await readFile(lockPath, "utf8")) as LockHolder;
    return Number.isInteger(holder.pid) && holder.pid > 0 ? holder : undefined;
  } catch {
    return undefined; // gone, or not a lock this program wrote: stale either way
  }
}

function isRunning(pid: number): boolean {
  // Our own pid in an old lock means the pid was reused (a container restarted): stale.
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM"; // alive, but another user's
  }
}

function lockedError(holder: LockHolder, lockPath: string, dataDir: string): StartupError {
  const since = holder.since ? `, running since ${holder.since}` : "";
  const host = holder.host && holder.host !== hostname() ? ` on ${holder.host}` : "";
  return new StartupError(
    `Another server (pid ${holder.pid}${host}${since}) is using the data folder ${dataDir}. ` +
      "Two servers on one embedded database lose each other's writes: stop the other one, or give this one " +
      `its own DATA_DIR (or use PostgreSQL through DATABASE_URL). If no such server is running, delete ${lockPath} and start again.`,
  );
}

const preparedStatements = new WeakMap<Database, Map<string, unknown>>();

/**
 * A Drizzle prepared statement, made once per database handle under its statement name (PostgreSQL
 * then plans it once per connection).
 */
export function preparedOnce<Statement>(db: Database, name: string, prepare: (name: string) => Statement): Statement {
  let statements = preparedStatements.get(db);
  if (!statements) {
    statements = new Map();
    preparedStatements.set(db, statements);
  }
  let statement = statements.get(name) as Statement | undefined;
  if (statement === undefined) {
    statement = prepare(name);
    statements.set(name, statement);
  }
  return statement;
}

/** Runs raw SQL and returns its rows; both drivers answer with `{ rows }`. */
export async function queryRows<Row>(db: Database | Transaction, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
