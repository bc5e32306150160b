/**
 * Start-up faults an operator meets (issue #9, items 12 and 14): each must stop the server with a
 * message that says what is wrong and what to do, not a driver's error.
 */
import { rm } from "node:fs/promises";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../test/processes";
import { canMountTmpfs, failedStart, tempDir, withTmpfs } from "./harness";

const SECRET = "faults-test-secret-that-is-long-enough-0123456789";
const mountable = await canMountTmpfs();
const folders: string[] = [];
afterAll(() => Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true }))));

async function folder(prefix: string) {
  const dir = await tempDir(prefix);
  folders.push(dir);
  return dir;
}

describe.concurrent("start-up errors", () => {
  it("PostgreSQL down: names the address and says to start it or fix DATABASE_URL", async () => {
    const port = await freePort(); // nothing listens there
    const { code, output } = await failedStart({
      DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/flashcards`,
      AUTH_SECRET: SECRET,
    });
    expect(code).toBe(1);
    expect(output).toContain(`PostgreSQL is not running at 127.0.0.1:${port}/flashcards (connection refused)`);
    expect(output).toContain("Start PostgreSQL, or correct the host and port in DATABASE_URL");
    expect(output).not.toContain("Failed query");
  });

  it("PostgreSQL without AUTH_SECRET: refuses, saying how to make one", async () => {
    const port = await freePort();
    const { code, output } = await failedStart({ DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/flashcards` });
    expect(code).toBe(1);
    expect(output).toContain("AUTH_SECRET: must be set when DATABASE_URL is set");
    expect(output).toContain("openssl rand -base64 32");
  });

  it.skipIf(!mountable)("read-only data folder: says so and what to do", async () => {
    const dir = await folder("readonly");
    const { code, output } = await failedStart({ DATA_DIR: dir }, withTmpfs(dir, "ro,size=1m"));
    expect(code).toBe(1);
    expect(output).toContain(`The data folder ${dir} is on a read-only file system`);
    expect(output).toContain("set DATA_DIR to a writable folder");
    expect(output).not.toContain("ENOENT");
  });

  it.skipIf(!mountable)("full disk: says the disk is full and what to do", async () => {
    // Room for the lock file, not for a new database (about 40 MB).
    const dir = await folder("full");
    const { code, output } = await failedStart({ DATA_DIR: dir }, withTmpfs(dir, "size=8m"));
    expect(code).toBe(1);
    expect(output).toContain(`The disk holding the data folder ${dir} is full`);
    expect(output).toContain("free some space there");
    expect(output).not.toContain("ErrnoError");
  });
});
