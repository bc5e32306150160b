/**
 * Named prepared statements for the hot reads (decision 0014). The SQL text is fixed, so it is
 * built once, not per request; on PostgreSQL each pooled connection parses and plans a statement
 * the first time and reuses it after, as `pg` does for a query with a `name`. PGlite runs in this
 * process with one connection; there the same text goes through its extended protocol.
 *
 * The hot reads build their JSON in PostgreSQL (json_build_object) and return it as one text
 * column: the server sends those bytes as they are.
 */

import type { Database } from "@server/db/client";
import pg from "pg";

export interface Statement {
  name: string;
  text: string;
}

interface Client {
  query(text: string, values: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/** The rows of a prepared statement on `db`'s own connection pool. */
export async function runPrepared<Row>(db: Database, statement: Statement, values: unknown[]): Promise<Row[]> {
  const client = (db as unknown as { $client: pg.Pool | Client }).$client;
  if (client instanceof pg.Pool) {
    return (await client.query({ name: statement.name, text: statement.text, values })).rows as Row[];
  }
  return (await client.query(statement.text, values)).rows as Row[];
}

/** The single text column of the single row, or undefined when there is no row. */
export async function preparedText(db: Database, statement: Statement, values: unknown[]): Promise<string | undefined> {
  const [row] = await runPrepared<{ body: string }>(db, statement, values);
  return row?.body;
}
