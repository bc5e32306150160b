/**
 * EXPLAIN (ANALYZE) of the hot statements on the bench database, with the statement texts the
 * server runs: `npx tsx bench/api/explain.ts [database url]` (after `npm run bench:api` loaded it).
 */

import { COURSE_DETAIL, MOST_FOLLOWED } from "@server/features/courses/courses.service";
import { DECK_DETAIL } from "@server/features/decks/decks.service";
import { containsPattern, SEARCH_STATEMENTS } from "@server/features/search/search.service";
import pg from "pg";

const url = process.argv[2] ?? process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/flashcards_bench";

const EXPLAINED: { label: string; text: string; values: unknown[] }[] = [
  { label: "most followed", text: MOST_FOLLOWED.text, values: [] },
  { label: "course page (visitor)", text: COURSE_DETAIL.text, values: [500_000, null] },
  { label: "deck page", text: DECK_DETAIL.text, values: [150_000] },
  {
    label: "search 'vocabulary' (common)",
    text: SEARCH_STATEMENTS.contains.text,
    values: [containsPattern("vocabulary")],
  },
  { label: "search 'zanfenjul' (rare)", text: SEARCH_STATEMENTS.contains.text, values: [containsPattern("zanfenjul")] },
  {
    label: "search 'lingramel' (rare, estimated common)",
    text: SEARCH_STATEMENTS.contains.text,
    values: [containsPattern("lingramel")],
  },
  {
    label: "search 'pharmacolog' (a tag)",
    text: SEARCH_STATEMENTS.contains.text,
    values: [containsPattern("pharmacolog")],
  },
  { label: "search 'qqq' (no hit)", text: SEARCH_STATEMENTS.contains.text, values: [containsPattern("qqq")] },
  { label: "search 'n5' (2 characters)", text: SEARCH_STATEMENTS.prefix2.text, values: ["n5"] },
  { label: "search 'b' (1 character)", text: SEARCH_STATEMENTS.prefix1.text, values: ["b"] },
  { label: "search 'zz' (2 characters, no hit)", text: SEARCH_STATEMENTS.prefix2.text, values: ["zz"] },
];

// As the server's search pool sets them (src/server/db/client.ts).
const client = new pg.Client({
  connectionString: url,
  options: "-c plan_cache_mode=force_custom_plan -c max_parallel_workers_per_gather=0",
});
await client.connect();
try {
  for (const { label, text, values } of EXPLAINED) {
    const inline = text.replace(/\$(\d+)/g, (_, n) => {
      const v = values[Number(n) - 1];
      return v === null ? "null" : typeof v === "number" ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
    });
    // Twice: the second run, on warm caches, is the one shown.
    await client.query(`explain (analyze) ${inline}`);
    const { rows } = await client.query(`explain (analyze, costs off) ${inline}`);
    console.log(`\n=== ${label}`);
    for (const row of rows) console.log(row["QUERY PLAN"]);
  }
} finally {
  await client.end();
}
