/**
 * Query plans for tests: EXPLAIN's plan as a tree, read per table. Tests assert its shape (no scan
 * of the table, an index of the right kind used, no sort) rather than index names, which the
 * planner may trade for another index of the same kind.
 */
import { type Database, queryRows, type Transaction } from "@server/db/client";
import { type SQL, sql } from "drizzle-orm";
import { expect } from "vitest";

export interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  Alias?: string;
  "Index Name"?: string;
  Plans?: PlanNode[];
}

/** Every node of the plan, the root first. */
export const planNodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(planNodes)];

/** How a plan reads each table: its sequential scans of the table itself, and the indexes it uses. */
export interface TableReads {
  /** Seq Scans of the table under its own name (the probes; an aliased read is a join by id). */
  seqScans: number;
  /** The definitions of the indexes used on it, from `USING` on ("gin (name gin_trgm_ops)"). */
  indexes: string[];
}

class RolledBack extends Error {}

/**
 * Runs `work` in a transaction that is then rolled back: rows a plan test inserts (so the planner
 * has real statistics) never reach the other tests sharing the database.
 */
export async function rolledBack<T>(db: Database, work: (tx: Transaction) => Promise<T>): Promise<T> {
  let result: T | undefined;
  await db
    .transaction(async (tx) => {
      result = await work(tx);
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return result as T;
}

/** EXPLAIN (FORMAT JSON)'s root node for `query`. */
export async function explainPlan(tx: Transaction, query: SQL): Promise<PlanNode> {
  const [row] = await queryRows<Record<string, unknown>>(tx, sql`explain (format json) ${query}`);
  const raw = row ? Object.values(row)[0] : undefined;
  const [root] = (typeof raw === "string" ? JSON.parse(raw) : raw) as [{ Plan: PlanNode }];
  return root.Plan;
}

/** The plan of `query`, read per table, each index used named by its definition. */
export async function explainReads(tx: Transaction, query: SQL): Promise<Map<string, TableReads>> {
  const reads = new Map<string, TableReads>();
  const of = (table: string) => {
    let entry = reads.get(table);
    if (!entry) {
      entry = { seqScans: 0, indexes: [] };
      reads.set(table, entry);
    }
    return entry;
  };
  for (const node of planNodes(await explainPlan(tx, query))) {
    const table = node["Relation Name"];
    if (node["Node Type"] === "Seq Scan" && table && node.Alias === table) of(table).seqScans++;
    const index = node["Index Name"];
    if (index) {
      const { table: indexed, using } = await indexDefinition(tx, index);
      of(indexed).indexes.push(using);
    }
  }
  return reads;
}

/** An index's table and its definition from `USING` on, without quotes ("btree (user_id, …)"). */
export async function indexDefinition(tx: Transaction, index: string): Promise<{ table: string; using: string }> {
  const [info] = await queryRows<{ table: string; definition: string }>(
    tx,
    sql`select t.relname as "table", pg_get_indexdef(i.indexrelid) as definition
        from pg_index i join pg_class t on t.oid = i.indrelid where i.indexrelid = ${index}::regclass`,
  );
  if (!info) throw new Error(`no index ${index}`);
  return { table: info.table, using: info.definition.replaceAll('"', "").replace(/^.* USING /, "") };
}

/** Expects the table read without a scan of its own, through an index whose definition matches. */
export function expectIndexed(reads: Map<string, TableReads> | undefined, table: string, index: RegExp) {
  const read = reads?.get(table);
  expect(read, `${table} is read`).toBeDefined();
  expect(read?.seqScans, `Seq Scans of ${table}`).toBe(0);
  expect(
    read?.indexes.some((definition) => index.test(definition)),
    `${table}: ${read?.indexes}`,
  ).toBe(true);
}
