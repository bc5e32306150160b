/**
 * The prepared initial database (db/initial-data.ts): a new data folder starts as a copy of it, and
 * still ends up exactly as a database created from scratch would: every migration applied, the
 * demo courses loaded once by start-up (or never, with SEED_DEMO=false), nothing copied on a
 * restart. A start-up test: it runs initdb and opens data folders of its own, as a first start and
 * a restart do (~7 s), and uses no test database, so it runs with the other start-up tests here
 * rather than in `npm test` (where the API suite ran it twice in CI, on PGlite and again in test:pg).
 */
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { migrationsFolder, openDatabase, queryRows } from "../db/client";
import { initialDataFolder, initialDataKey } from "../db/initial-data";
import { courses, users } from "../db/schema";
import { DEMO_OWNER, seedDemo } from "../db/seed-demo";

const scratch = await mkdtemp(join(tmpdir(), "flashcards-initial-data-"));
afterAll(() => rm(scratch, { recursive: true, force: true }));

interface Journal {
  entries: { idx: number; when: number; tag: string }[];
}
const journal = JSON.parse(await readFile(join(migrationsFolder, "meta/_journal.json"), "utf8")) as Journal;

async function appliedMigrations(database: Awaited<ReturnType<typeof openDatabase>>): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  );
  return row?.n ?? 0;
}

describe("the prepared initial database", () => {
  it("is keyed by the migrations: one added or one edited gives another key", async () => {
    const copy = join(scratch, "drizzle-copy");
    await cp(migrationsFolder, copy, { recursive: true });
    const key = await initialDataKey(copy);
    expect(key).toBe(await initialDataKey(migrationsFolder));

    await writeFile(join(copy, "9999_later.sql"), "select 1;");
    const added = await initialDataKey(copy);
    expect(added).not.toBe(key);

    const first = join(copy, `${journal.entries[0]?.tag}.sql`);
    await writeFile(first, `${await readFile(first, "utf8")}\n-- edited`);
    expect(await initialDataKey(copy)).not.toBe(added);
  });

  it("starts a new data folder migrated and without demo content; start-up seeds it once; a restart copies nothing", async () => {
    const cache = join(scratch, "cache");
    const template = await initialDataFolder(cache);
    expect(template).toBeDefined();
    expect(await initialDataFolder(cache)).toBe(template); // made once, then found

    const dataDir = join(scratch, "data/pglite");
    let copies = 0;
    const initialData = async () => {
      copies++;
      return initialDataFolder(cache);
    };
    let database = await openDatabase({ dataDir, initialData });
    try {
      await database.migrate();
      expect(copies).toBe(1);
      expect(await appliedMigrations(database)).toBe(journal.entries.length);
      const [settings] = await queryRows<{ shared_buffers: string }>(database.db, sql`show shared_buffers`);
      expect(settings?.shared_buffers).toBe("32MB");
      // SEED_DEMO=false: nothing but the migrations.
      expect(await database.db.select({ n: count() }).from(users)).toEqual([{ n: 0 }]);
      expect(await seedDemo(database.db)).toBe(true);
    } finally {
      await database.close();
    }

    database = await openDatabase({ dataDir, initialData });
    try {
      await database.migrate();
      expect(copies).toBe(1);
      expect(await seedDemo(database.db)).toBe(false);
      const demo = await database.db.select({ n: count() }).from(courses).where(eq(courses.userId, DEMO_OWNER.id));
      expect(demo[0]?.n).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
  }, 120_000);

  it("a copy of a folder prepared before a later migration gets it at start", async () => {
    // The migrations as they will be one migration later.
    const newer = join(scratch, "drizzle-newer");
    await cp(migrationsFolder, newer, { recursive: true });
    const last = journal.entries.at(-1);
    if (!last) throw new Error("no migrations");
    const tag = "9999_later";
    await writeFile(join(newer, `${tag}.sql`), "CREATE TABLE later_migration_check (id integer);");
    await writeFile(
      join(newer, "meta/_journal.json"),
      JSON.stringify({
        ...journal,
        entries: [...journal.entries, { ...last, idx: last.idx + 1, when: last.when + 1, tag }],
      }),
    );

    // The folder prepared for today's migrations (made by the test above, or now when run alone).
    const cache = join(scratch, "cache");
    const database = await openDatabase({
      dataDir: join(scratch, "upgraded/pglite"),
      initialData: () => initialDataFolder(cache),
    });
    try {
      expect(await appliedMigrations(database)).toBe(journal.entries.length);
      await database.migrate(newer);
      expect(await appliedMigrations(database)).toBe(journal.entries.length + 1);
      expect(await queryRows(database.db, sql`select * from later_migration_check`)).toEqual([]);
    } finally {
      await database.close();
    }
  }, 120_000);
});
