/**
 * The database's type, which every query names. By itself, without a driver: availability.ts names
 * it, and client.ts (which opens the database) uses availability.ts's start-up errors. client.ts
 * re-exports it, so code keeps importing the database's type from `@server/db/client`.
 */
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle: the same query API as the database. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
