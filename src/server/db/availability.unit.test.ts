import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DrizzleQueryError } from "drizzle-orm/errors";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import {
  dataDirStartupError,
  describePostgresTarget,
  isDatabaseUnavailable,
  postgresStartupError,
  StartupError,
} from "./availability";

/** The error shapes the drivers produce: pg's DatabaseError and Node's errno errors, wrapped by Drizzle. */
function pgError(code: string, message = "server said no") {
  const error = new pg.DatabaseError(message, 0, "error");
  error.code = code;
  return new DrizzleQueryError("select 1", [], error);
}
function errnoError(code: string) {
  return new DrizzleQueryError("select 1", [], Object.assign(new Error(`connect ${code}`), { code }));
}

const URL_WITH_PASSWORD = "postgres://app:s3cret@db.internal:6543/flashcards";

describe("isDatabaseUnavailable", () => {
  it.each([
    ["an administrator's shutdown", pgError("57P01", "terminating connection due to administrator command")],
    ["a starting or stopping server", pgError("57P03", "the database system is shutting down")],
    ["a lost connection (SQLSTATE class 08)", pgError("08006")],
    ["a refused connection", errnoError("ECONNREFUSED")],
    ["a reset connection", errnoError("ECONNRESET")],
    ["a dropped connection", new Error("Connection terminated unexpectedly")],
    ["a connect timeout", new Error("timeout exceeded when trying to connect")],
    ["a closed PGlite", new Error("PGlite is closed")],
  ])("is true for %s", (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ["a unique violation", pgError("23505")],
    ["a syntax error", pgError("42601")],
    ["a plain bug", new TypeError("x is undefined")],
    ["nothing", undefined],
  ])("is false for %s", (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe("postgresStartupError", () => {
  it("names the server without the password", () => {
    expect(describePostgresTarget(URL_WITH_PASSWORD)).toBe("db.internal:6543/flashcards");
    for (const error of [errnoError("ECONNREFUSED"), pgError("28P01"), pgError("XX000")]) {
      expect(postgresStartupError(error, URL_WITH_PASSWORD).message).not.toContain("s3cret");
    }
  });

  it.each([
    [errnoError("ECONNREFUSED"), "PostgreSQL is not running at db.internal:6543/flashcards (connection refused)"],
    [errnoError("ENOTFOUND"), "cannot be found. Correct DATABASE_URL"],
    [pgError("28P01"), "refused the user or password in DATABASE_URL"],
    [
      pgError("3D000"),
      'The database "flashcards" does not exist on db.internal:6543/flashcards. Create it (createdb flashcards)',
    ],
    [pgError("57P03"), "is starting up or shutting down. Start again in a moment"],
    [pgError("42501"), "may not create the tables"],
    [
      pgError("XX000", "something odd"),
      "Applying the database migrations on PostgreSQL at db.internal:6543/flashcards failed: something odd",
    ],
  ])("explains %s", (error, text) => {
    const explained = postgresStartupError(error, URL_WITH_PASSWORD);
    expect(explained).toBeInstanceOf(StartupError);
    expect(explained.message).toContain(text);
    expect(explained.cause).toBe(error);
  });
});

describe("dataDirStartupError", () => {
  const folders: string[] = [];
  afterAll(() => Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true }))));

  it("reads PGlite's Emscripten errno numbers (51 is a full disk)", async () => {
    const errno = Object.assign(new Error(), { name: "ErrnoError", errno: 51 });
    expect((await dataDirStartupError(errno, "/srv/data"))?.message).toContain(
      "The disk holding the data folder /srv/data is full (ENOSPC)",
    );
  });

  it.each([
    ["EACCES", "is not writable by this server's user"],
    ["EPERM", "is not writable by this server's user"],
    ["EROFS", "is on a read-only file system"],
    ["ENOSPC", "is full"],
    ["ENOTDIR", "part of that path is a file"],
  ])("explains %s", async (code, text) => {
    const error = Object.assign(new Error(code), { code });
    expect((await dataDirStartupError(error, "/srv/data"))?.message).toContain(text);
  });

  it("leaves other errors alone", async () => {
    expect(await dataDirStartupError(new TypeError("a bug"), "/srv/data")).toBeUndefined();
  });

  it("looks again at an ENOENT from mkdir in a writable place (a real missing parent)", async () => {
    const dir = await mkdtemp(join(tmpdir(), "flashcards-availability-"));
    folders.push(dir);
    const error = Object.assign(new Error("ENOENT"), { code: "ENOENT", syscall: "mkdir" });
    expect((await dataDirStartupError(error, join(dir, "a", "b")))?.message).toContain("cannot be created (ENOENT)");
  });
});
