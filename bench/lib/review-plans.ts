/**
 * The review queue's and the statistics' statements, exactly as the server sends them: the service
 * functions run against a Drizzle database whose logger records each statement and its parameters;
 * each is then run again under EXPLAIN (ANALYZE, BUFFERS), on the connection settings of the app's
 * main pool (unnamed statements, so a custom plan for the parameters, as in the app).
 */

import type { Database } from "@server/db/client";
import * as schema from "@server/db/schema";
import { reviewQueue } from "@server/features/reviews/queue.service";
import { learnerStats } from "@server/features/stats/stats.service";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";

export interface Statement {
  label: string;
  text: string;
  params: unknown[];
}

export interface PlanVerdict {
  scope: string;
  label: string;
  ms: number;
  buffers: { hit: number; read: number };
  indexes: string[];
  /** Tables read whole (Seq Scan) and how many rows they hold. */
  seqScans: { table: string; rows: number }[];
  text: string[];
}

/** Tables smaller than this may be read whole without it being a finding. */
const SMALL_TABLE = 10_000;

const LABELS: [RegExp, string][] = [
  [/from "review_settings"/, "settings"],
  [/r\.mode = 'review'/, "queue: reviews done today"],
  [/"introduced_at" >=/, "queue: new cards started today"],
  [/inner join "flashcards"/, "queue: due cards"],
  [/with studied as/, "queue: new cards to add"],
  [/^select count\(\*\) from "card_memory" where .*"due" <=/s, "queue: due by the end of the day"],
  [/^select min\("due"\)/, "queue: next due date"],
  [/greatest\(m\.due/, "stats: due per day (forecast)"],
  [/make_interval\(days/, "stats: reviews per day"],
  [/make_interval\(weeks/, "stats: retention per week"],
  [/filter \(where m\.state/, "stats: cards by state"],
  [/count\(\*\)::int as cards\s+from flashcards/, "stats: new cards"],
  [/percentile_cont/, "stats: test fluency per deck"],
];

function labelOf(text: string): string {
  return LABELS.find(([pattern]) => pattern.test(text))?.[1] ?? text.replace(/\s+/g, " ").slice(0, 60);
}

/** The statements one queue request and one statistics request run for this learner. */
export async function capture(url: string, userId: string, courseId: number | undefined): Promise<Statement[]> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const seen: Statement[] = [];
  const db = drizzle({
    client: pool,
    schema,
    logger: { logQuery: (text, params) => seen.push({ label: labelOf(text), text, params }) },
  }) as unknown as Database;
  try {
    const user = { id: userId, email: `${userId}@bench.example` };
    const now = new Date();
    await reviewQueue(db, user, { courseId }, now);
    const queue = seen.splice(0).map((s) => (s.label === "settings" ? { ...s, label: "queue: settings" } : s));
    await learnerStats(db, user, { courseId }, now);
    const stats = seen.splice(0).map((s) => (s.label === "settings" ? { ...s, label: "stats: settings" } : s));
    return [...queue, ...stats];
  } finally {
    await pool.end();
  }
}

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Shared Hit Blocks"?: number;
  "Shared Read Blocks"?: number;
  Plans?: PlanNode[];
}

function walk(node: PlanNode, visit: (node: PlanNode) => void) {
  visit(node);
  for (const child of node.Plans ?? []) walk(child, visit);
}

export async function explain(url: string, scope: string, statements: Statement[]): Promise<PlanVerdict[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const sizes = new Map<string, number>();
    const { rows: tables } = await client.query<{ name: string; rows: number }>(
      "select relname as name, greatest(reltuples, 0)::float8 as rows from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace",
    );
    for (const t of tables) sizes.set(t.name, t.rows);
    const verdicts: PlanVerdict[] = [];
    for (const { label, text, params } of statements) {
      // Once to warm the caches, then the run that is shown and judged.
      await client.query(`explain (analyze, buffers) ${text}`, params);
      const { rows: textRows } = await client.query(`explain (analyze, buffers) ${text}`, params);
      const { rows: jsonRows } = await client.query(`explain (analyze, buffers, format json) ${text}`, params);
      const result = jsonRows[0]?.["QUERY PLAN"]?.[0] as { Plan: PlanNode; "Execution Time": number };
      const indexes = new Set<string>();
      const seqScans: { table: string; rows: number }[] = [];
      walk(result.Plan, (node) => {
        if (node["Index Name"]) indexes.add(node["Index Name"]);
        if (node["Node Type"] === "Seq Scan" && node["Relation Name"]) {
          const rows = sizes.get(node["Relation Name"]) ?? 0;
          if (rows >= SMALL_TABLE) seqScans.push({ table: node["Relation Name"], rows });
        }
      });
      verdicts.push({
        scope,
        label,
        ms: result["Execution Time"],
        buffers: { hit: result.Plan["Shared Hit Blocks"] ?? 0, read: result.Plan["Shared Read Blocks"] ?? 0 },
        indexes: [...indexes],
        seqScans,
        text: textRows.map((row) => row["QUERY PLAN"] as string),
      });
    }
    return verdicts;
  } finally {
    await client.end();
  }
}
