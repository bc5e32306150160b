/**
 * Tells a database that is away (stopped, restarting, unreachable) from a query that failed on
 * its own merits: the first is answered 503 and recovers by itself, the second is a bug (500).
 * Also: the faults that stop start-up, explained.
 */
import { access, constants } from "node:fs/promises";
import { dirname } from "node:path";
import { sql } from "drizzle-orm";
import type { Database } from "./database";

/** SQLSTATE classes and codes that mean "the server or the connection is gone", not "bad query". */
const UNAVAILABLE_SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300"]);
const UNAVAILABLE_ERRNOS = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EHOSTUNREACH"]);
const UNAVAILABLE_MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error/i,
  /the database system is (starting up|shutting down)/i,
  /Connection terminated unexpectedly/i,
  // Closed by this process (a stop that ran out of time): away all the same.
  /PGlite is clos(ed|ing)/,
  /Cannot use a pool after calling end/,
];

/**
 * Asks the database for `select 1`. False when it cannot answer; `select 1` cannot fail on its own
 * merits, so an unfamiliar failure is logged to learn its shape.
 */
export async function databaseAnswers(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch (error) {
    if (!isDatabaseUnavailable(error)) console.error(error);
    return false;
  }
}

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (
      typeof code === "string" &&
      (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith("08") || UNAVAILABLE_ERRNOS.has(code))
    ) {
      return true;
    }
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
    // Drizzle wraps driver errors ("Failed query: …") with the original as `cause`.
    current = cause;
  }
  return false;
}

/**
 * A fault that stops start-up, with a message that says what is wrong and what to do; index.ts
 * prints the message alone (the original error stays as `cause` for debugging).
 */
export class StartupError extends Error {
  override name = "StartupError";
}

/** The first string `code` along the cause chain (Node's errno names, pg's SQLSTATEs). */
function errorCode(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const { code, errno, name, message, cause } = current as Record<string, unknown>;
    if (typeof code === "string") return code;
    // PGlite's file system throws Emscripten's ErrnoError, whose numbers are not the host's.
    if (name === "ErrnoError" && typeof errno === "number") return EMSCRIPTEN_ERRNOS[errno] ?? `errno ${errno}`;
    if (typeof message === "string" && /no space left on device/i.test(message)) return "ENOSPC";
    current = cause;
  }
  return undefined;
}

/** Emscripten's numbering (see ERRNO_CODES in PGlite's build) for the faults a data folder can have. */
const EMSCRIPTEN_ERRNOS: Record<number, string> = {
  2: "EACCES",
  19: "EDQUOT",
  29: "EIO",
  44: "ENOENT",
  51: "ENOSPC",
  54: "ENOTDIR",
  63: "EPERM",
  69: "EROFS",
};

/** "host:port/database" from a PostgreSQL URL, without the password. */
export function describePostgresTarget(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || "5432"}${decodeURIComponent(parsed.pathname) || "/"}`;
  } catch {
    return "the DATABASE_URL";
  }
}

/** Explains why PostgreSQL could not be reached or migrated at start-up. */
export function postgresStartupError(error: unknown, url: string): StartupError {
  const target = describePostgresTarget(url);
  const database = target.slice(target.indexOf("/") + 1);
  const code = errorCode(error);
  const detail = error instanceof Error ? (error.cause instanceof Error ? error.cause : error).message : String(error);
  const explain = (message: string) => new StartupError(message, { cause: error });
  switch (code) {
    case "ECONNREFUSED":
      return explain(
        `PostgreSQL is not running at ${target} (connection refused). Start PostgreSQL, or correct the host and port in DATABASE_URL, then start again.`,
      );
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return explain(`The PostgreSQL host in DATABASE_URL (${target}) cannot be found. Correct DATABASE_URL.`);
    case "ETIMEDOUT":
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return explain(
        `PostgreSQL at ${target} cannot be reached (${code}). Check the network and the host in DATABASE_URL.`,
      );
    case "57P03":
      return explain(`PostgreSQL at ${target} is starting up or shutting down. Start again in a moment.`);
    case "28P01":
    case "28000":
      return explain(`PostgreSQL at ${target} refused the user or password in DATABASE_URL: ${detail}`);
    case "3D000":
      return explain(
        `The database "${database}" does not exist on ${target}. Create it (createdb ${database}) or correct DATABASE_URL.`,
      );
    case "42501":
      return explain(
        `The user in DATABASE_URL may not create the tables in "${database}" (${detail}). Grant it CREATE on the database, or use the database's owner.`,
      );
    case "53100":
      return explain(`PostgreSQL at ${target} has run out of disk space. Free some space on its server.`);
    case "53300":
      return explain(
        `PostgreSQL at ${target} accepts no more connections. Raise max_connections or stop other clients.`,
      );
  }
  if (isDatabaseUnavailable(error)) {
    return explain(
      `PostgreSQL at ${target} closed the connection (${detail}). Check that it is running and reachable.`,
    );
  }
  return explain(`Applying the database migrations on PostgreSQL at ${target} failed: ${detail}`);
}

/**
 * Explains a file-system fault on the data folder, or returns undefined for anything else. Node's
 * recursive mkdir reports a read-only file system as ENOENT, so that case is probed again.
 */
export async function dataDirStartupError(error: unknown, dataDir: string): Promise<StartupError | undefined> {
  let code = errorCode(error);
  if (code === "ENOENT") code = (await writeProbe(dataDir)) ?? code;
  const explain = (message: string) => new StartupError(message, { cause: error });
  switch (code) {
    case "EACCES":
    case "EPERM":
      return explain(
        `The data folder ${dataDir} is not writable by this server's user: give that user write access to it, or set DATA_DIR to a folder it can write.`,
      );
    case "EROFS":
      return explain(
        `The data folder ${dataDir} is on a read-only file system: mount it read-write, or set DATA_DIR to a writable folder.`,
      );
    case "ENOSPC":
    case "EDQUOT":
      return explain(
        `The disk holding the data folder ${dataDir} is full (${code}): free some space there, or set DATA_DIR to a disk with room, then start again.`,
      );
    case "ENOTDIR":
    case "EEXIST":
      return explain(
        `The data folder ${dataDir} cannot be created: part of that path is a file. Set DATA_DIR to a folder.`,
      );
    case "ENOENT":
      return explain(`The data folder ${dataDir} cannot be created (${code}): set DATA_DIR to a folder that can be.`);
    case "EIO":
      return explain(
        `Reading or writing the data folder ${dataDir} failed with an input/output error: check the disk.`,
      );
  }
  return undefined;
}

/** The error a plain write test gives in the nearest existing folder above `path`, if any. */
async function writeProbe(path: string): Promise<string | undefined> {
  for (let folder = path; ; folder = dirname(folder)) {
    try {
      await access(folder);
    } catch {
      if (dirname(folder) === folder) return undefined;
      continue;
    }
    try {
      await access(folder, constants.W_OK);
      return undefined;
    } catch (error) {
      return errorCode(error);
    }
  }
}
