/**
 * Issue #21, item 6: several servers started at once on one fresh PostgreSQL database. Each
 * applied the migrations itself, and two of three exited with `duplicate key value violates unique
 * constraint "pg_extension_name_index"` (two CREATE EXTENSIONs at once); two demo seeds at once
 * collide the same way. Start-up now migrates and seeds under a PostgreSQL advisory lock. Real
 * processes, started together, on a fresh database of a private cluster, several rounds (the race
 * is a matter of timing, and one round of three is not always enough to meet it).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsFolder } from "../db/client";
import { demoCourses } from "../db/demo-content";
import { DEMO_OWNER } from "../db/seed-demo";
import {
  createCluster,
  type PrivateCluster,
  postgresBinDir,
  type ServerProcess,
  START_TIMEOUT_MS,
  spawnServer,
  waitFor,
} from "./harness";

const SECRET = "faults-test-secret-that-is-long-enough-0123456789";
const hasPostgres = postgresBinDir() !== undefined;
const SERVERS = 3;
const ROUNDS = 3;

let cluster: PrivateCluster | undefined;

beforeAll(async () => {
  if (!hasPostgres) return;
  cluster = await createCluster();
  await cluster.start();
});

afterAll(async () => {
  await cluster?.remove();
});

async function query<Row>(url: string, text: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as Row[];
  } finally {
    await client.end();
  }
}

/** Healthy, or the output of a server that exited during start-up. */
async function outcome(server: ServerProcess): Promise<"healthy" | string> {
  return waitFor(
    "the server to become healthy or exit",
    async () => {
      if (!server.alive()) return `exited with ${await server.exited}:\n${server.output()}`;
      const ok = await fetch(`${server.url}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      return ok ? "healthy" : undefined;
    },
    START_TIMEOUT_MS,
  );
}

describe.skipIf(!hasPostgres)("servers starting together on a fresh PostgreSQL database", () => {
  it(
    "all start; the migrations are applied once and the demo courses loaded once",
    async () => {
      if (!cluster) throw new Error("set-up failed");
      const journal = JSON.parse(readFileSync(join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
        entries: unknown[];
      };
      for (let round = 1; round <= ROUNDS; round++) {
        const database = `starting_together_${round}`;
        await query(cluster.url, `create database ${database}`);
        const url = cluster.url.replace(/\/postgres$/, `/${database}`);
        const servers = await Promise.all(
          Array.from({ length: SERVERS }, () =>
            spawnServer({ DATABASE_URL: url, AUTH_SECRET: SECRET, SEED_DEMO: "true" }),
          ),
        );
        try {
          const outcomes = await Promise.all(servers.map(outcome));
          expect(outcomes, `round ${round}`).toEqual(servers.map(() => "healthy"));

          const [migrations] = await query<{ count: string }>(url, "select count(*) from drizzle.__drizzle_migrations");
          expect(Number(migrations?.count)).toBe(journal.entries.length);
          const [demo] = await query<{ owners: string; courses: string }>(
            url,
            `select (select count(*) from users where id = '${DEMO_OWNER.id}') as owners,
                  (select count(*) from courses where user_id = '${DEMO_OWNER.id}') as courses`,
          );
          expect({ owners: Number(demo?.owners), courses: Number(demo?.courses) }).toEqual({
            owners: 1,
            courses: demoCourses.length,
          });
        } finally {
          await Promise.all(servers.map((server) => server.stop("SIGKILL")));
          await query(cluster.url, `drop database ${database} with (force)`);
        }
      }
    },
    ROUNDS * START_TIMEOUT_MS,
  );
});
