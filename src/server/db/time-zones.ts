/**
 * The time zone names the database itself knows. Node's ICU accepts names PostgreSQL's copy of the
 * tz database has dropped (`US/Pacific-New`, `Canada/East-Saskatchewan`), and `at time zone` with
 * one of them fails the whole query. pg_timezone_names takes ~0.1 s to list (it reads the zone
 * files), so it is read once per database handle, on first need, and kept.
 */
import { sql } from "drizzle-orm";
import { type Database, queryRows } from "./client";

/** What every zone setting falls back to when the stored one is not known (the default setting too). */
export const FALLBACK_TIME_ZONE = "UTC";

const knownZones = new WeakMap<Database, Promise<ReadonlySet<string>>>();

export function databaseTimeZones(db: Database): Promise<ReadonlySet<string>> {
  let zones = knownZones.get(db);
  if (!zones) {
    const reading = queryRows<{ name: string }>(db, sql`select name from pg_timezone_names`).then(
      (rows) => new Set(rows.map((row) => row.name)),
    );
    // A failed read (the database away) is not kept: the next request asks again.
    reading.catch(() => knownZones.get(db) === reading && knownZones.delete(db));
    knownZones.set(db, reading);
    zones = reading;
  }
  return zones;
}

export async function isDatabaseTimeZone(db: Database, zone: string): Promise<boolean> {
  return (await databaseTimeZones(db)).has(zone);
}
