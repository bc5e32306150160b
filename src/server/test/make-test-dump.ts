/**
 * Makes the migrated PGlite dump the API tests start from: initdb, every migration, then a tar of
 * the data folder, written under a private name and renamed, so a file under its final name is
 * complete. global-setup.ts runs it as a process of its own (~5 s, only when the migrations or
 * the library versions changed), so the unit tests run meanwhile instead of waiting for it.
 *
 * Usage: node --import tsx src/server/test/make-test-dump.ts <dump file>
 */
import { rename, writeFile } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { migrationsFolder } from "../db/client";

const dumpFile = process.argv[2];
if (!dumpFile) throw new Error("usage: make-test-dump.ts <dump file>");

const client = await PGlite.create({ extensions: { pg_trgm } });
await migrate(drizzle({ client }), { migrationsFolder });
const dump = await client.dumpDataDir("none");
await client.close();
const draft = `${dumpFile}.${process.pid}.draft`;
await writeFile(draft, Buffer.from(await dump.arrayBuffer()));
await rename(draft, dumpFile);
