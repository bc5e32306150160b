/**
 * A synthetic catalogue for the API benchmark, generated inside PostgreSQL with generate_series:
 * per N courses, 3 tags each, N/10 courses with 3 decks of 10 cards (N*0.3 decks, N*3 cards),
 * N/100 owners, N/10 follows skewed towards a few popular courses, N/10 passes.
 *
 * Names mix common words ("Japanese", "Vocabulary"), a syllable word of 8,000 (each on about
 * N/8,000 courses: a rare word) and a number, so searches meet both common and rare words.
 * A marker table (bench_catalogue) records the size: a second run on the same size reuses the data.
 */

import { openDatabase } from "@server/db/client";
import pg from "pg";

export const BENCH_USER = { id: "bench-user", email: "bench@example.com", sessionToken: "bench-session-token-0001" };

const TOPICS = [
  "Japanese",
  "Spanish",
  "French",
  "German",
  "Korean",
  "Chinese",
  "Italian",
  "Chemistry",
  "Biology",
  "History",
  "Geography",
  "Physics",
  "Anatomy",
  "Music",
  "Law",
  "Economics",
  "Kanji",
  "Hiragana",
  "Capitals",
  "Programming",
];
const KINDS = [
  "Vocabulary",
  "Grammar",
  "Basics",
  "Phrases",
  "Verbs",
  "Essentials",
  "Review",
  "Drills",
  "Exam Prep",
  "Quiz",
  "Flashcards",
  "Terms",
];
const TAGS = [
  "n5",
  "n4",
  "n3",
  "n2",
  "n1",
  "a1",
  "a2",
  "b1",
  "b2",
  "c1",
  "c2",
  "js",
  "go",
  "ai",
  "ml",
  "beginner",
  "intermediate",
  "advanced",
  "exam",
  "jlpt",
  "cefr",
  "toefl",
  "ielts",
  "medical",
  "science",
  "travel",
  "business",
  "kids",
  "school",
  "university",
  "grammar",
  "vocabulary",
  "kanji",
  "verbs",
  "nouns",
  "adjectives",
  "phrases",
  "history",
  "geography",
  "maths",
  "physics",
  "chemistry",
  "biology",
  "music",
  "art",
  "law",
  "economics",
  "coding",
  "python",
  "javascript",
  "sql",
  "linux",
  "networks",
  "security",
  "cloud",
  "anatomy",
  "pharmacology",
  "nursing",
  "driving",
  "cooking",
  "sports",
  "movies",
  "literature",
  "poetry",
  "philosophy",
  "psychology",
  "sociology",
  "astronomy",
  "geology",
  "botany",
  "zoology",
  "ecology",
  "weather",
  "flags",
  "capitals",
  "countries",
  "rivers",
  "mountains",
  "elements",
  "formulas",
  "dates",
  "kings",
  "wars",
  "painters",
  "composers",
  "inventors",
  "idioms",
  "slang",
  "numbers",
  "colours",
  "animals",
  "food",
  "body",
  "family",
  "time",
  "clothes",
  "house",
  "city",
  "nature",
];
const SYLLABLES = [
  "ka",
  "ri",
  "to",
  "mon",
  "sel",
  "vа",
  "lin",
  "dor",
  "pe",
  "qu",
  "zan",
  "bri",
  "sto",
  "mel",
  "tur",
  "gra",
  "fen",
  "wix",
  "ho",
  "jul",
].map((s) => s.replace("а", "a"));

const literal = (words: string[]) => `array[${words.map((w) => `'${w.replace(/'/g, "''")}'`).join(",")}]`;

/** The rare word of course g (as the generator builds it), for choosing a rare search. */
export function syllableWord(n: number): string {
  const s = SYLLABLES.length;
  return `${SYLLABLES[n % s]}${SYLLABLES[Math.floor(n / s) % s]}${SYLLABLES[Math.floor(n / (s * s)) % s]}`;
}

export interface Catalogue {
  url: string;
  courses: number;
  reused: boolean;
  /** Course ids that have decks (every tenth course). */
  courseWithDecks(i: number): number;
  deckOf(i: number): number;
}

/** One connection for `run`, closed afterwards. */
export async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Creates the default bench database if it is missing; any other database is used as given. */
async function ensureDatabase(url: string, isDefault: boolean) {
  if (!isDefault) return;
  const name = new URL(url).pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = "/postgres";
  await withClient(admin.toString(), async (client) => {
    const found = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount === 0) await client.query(`create database "${name}"`);
  });
}

async function dropDatabase(url: string) {
  const name = new URL(url).pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = "/postgres";
  await withClient(admin.toString(), (client) => client.query(`drop database if exists "${name}" with (force)`));
}

async function loadedSize(url: string): Promise<number | undefined> {
  return withClient(url, async (client) => {
    const exists = await client.query("select to_regclass('bench_catalogue') is not null as ok");
    if (!exists.rows[0]?.ok) return undefined;
    const row = await client.query("select courses from bench_catalogue where complete");
    return row.rows[0]?.courses as number | undefined;
  });
}

async function isEmpty(url: string): Promise<boolean> {
  return withClient(url, async (client) => {
    const table = await client.query("select to_regclass('courses') is not null as ok");
    if (!table.rows[0]?.ok) return true;
    const r = await client.query("select not exists (select 1 from courses) as empty");
    return Boolean(r.rows[0]?.empty);
  });
}

export async function prepareCatalogue(
  url: string,
  courses: number,
  isDefault: boolean,
  log: (line: string) => void,
): Promise<Catalogue> {
  await ensureDatabase(url, isDefault);
  const have = await loadedSize(url);
  let reused = have === courses;
  if (!reused) {
    if (have !== undefined || !(await isEmpty(url))) {
      if (!isDefault) throw new Error(`${url} holds other data; give the benchmark an empty database or its own.`);
      log(`Dropping the bench database (it held ${have ?? "another"} catalogue)…`);
      await dropDatabase(url);
      await ensureDatabase(url, isDefault);
    }
  }
  // Migrations run every time: a reused catalogue gets the indexes of newer migrations.
  const handle = await openDatabase({ url });
  try {
    await handle.migrate();
  } finally {
    await handle.close();
  }
  if (!reused) {
    const started = Date.now();
    log(`Generating ${courses.toLocaleString("en")} courses in SQL (this takes a while at 1M)…`);
    await withClient(url, (client) => generate(client, courses, log));
    log(`Catalogue loaded in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
  } else {
    log(`Reusing the loaded catalogue of ${courses.toLocaleString("en")} courses.`);
    reused = true;
  }
  await withClient(url, (client) => benchUser(client));
  return {
    url,
    courses,
    reused,
    courseWithDecks: (i) => 10 * (1 + (Math.abs(hash(i)) % Math.floor(courses / 10))),
    deckOf: (i) => 1 + (Math.abs(hash(i + 7)) % Math.floor((courses * 3) / 10)),
  };
}

function hash(n: number): number {
  let x = (n ^ 0x9e3779b9) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b) >>> 0;
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35) >>> 0;
  return (x ^ (x >>> 16)) | 0;
}

async function generate(client: pg.Client, n: number, log: (line: string) => void) {
  const step = async (what: string, text: string) => {
    const t = Date.now();
    await client.query(text);
    log(`  ${what} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
  };
  const owners = Math.max(10, Math.floor(n / 100));
  const withDecks = Math.floor(n / 10);
  const follows = Math.floor(n / 10);
  await client.query("set synchronous_commit = off");
  await client.query("set maintenance_work_mem = '512MB'");
  await client.query("set work_mem = '64MB'");
  // Foreign keys and the follow-count trigger are checked and computed in bulk instead.
  await client.query("set session_replication_role = replica");
  await client.query("drop table if exists bench_catalogue");
  await client.query(
    "create table bench_catalogue (courses integer not null, complete boolean not null default false)",
  );
  await client.query("insert into bench_catalogue (courses) values ($1)", [n]);

  // Secondary indexes are dropped and rebuilt after the load: one sorted build beats millions of inserts.
  const tables = ["users", "courses", "course_tags", "decks", "flashcards", "followed_courses", "user_progress"];
  const { rows: indexes } = await client.query<{ name: string; def: string }>(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
     from pg_index i join pg_class t on t.oid = i.indrelid
     where t.relname = any($1) and not i.indisprimary
       and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
    [tables],
  );
  for (const index of indexes) await client.query(`drop index ${index.name}`);

  const ts = TOPICS.length;
  const ks = KINDS.length;
  const tg = TAGS.length;
  const sy = SYLLABLES.length;
  const h = (expr: string, salt: number) => `(hashint4((${expr}) + ${salt}) & 2147483647)`;
  await step(
    `${owners} users`,
    `insert into users (id, name, email, email_verified)
     select 'u' || g, 'User ' || g, 'user' || g || '@bench.example', true from generate_series(1, ${owners}) g`,
  );
  await client.query(`insert into user_profiles (user_id, email) select id, email from users on conflict do nothing`);
  await step(
    `${n} courses`,
    `insert into courses (id, user_id, name, description, created_at) overriding system value
     select g, 'u' || (1 + ${h("g", 1)} % ${owners}),
       (${literal(TOPICS)})[1 + ${h("g", 2)} % ${ts}] || ' ' || (${literal(KINDS)})[1 + ${h("g", 3)} % ${ks}] || ' ' ||
       (${literal(SYLLABLES)})[1 + (g % 8000) % ${sy}] || (${literal(SYLLABLES)})[1 + ((g % 8000) / ${sy}) % ${sy}] ||
       (${literal(SYLLABLES)})[1 + ((g % 8000) / ${sy * sy}) % ${sy}] || ' ' || (1 + ${h("g", 4)} % 200),
       'Learn the ' || lower((${literal(KINDS)})[1 + ${h("g", 3)} % ${ks}]) || ' you need, one short deck at a time. Course number ' || g || '.',
       now() - make_interval(secs => g)
     from generate_series(1, ${n}) g`,
  );
  await step(
    `${n * 3} tags`,
    `insert into course_tags (course_id, tag)
     select g, (${literal(TAGS)})[1 + (${h("g", 5)} % ${tg} + k * 37) % ${tg}]
     from generate_series(1, ${n}) g, generate_series(0, 2) k`,
  );
  // The trigger that keeps tag_names is off during the load (replica role): filled in one go.
  await step("tag names", "insert into tag_names (tag) select distinct tag from course_tags on conflict do nothing");
  await step(
    `${withDecks * 3} decks`,
    `insert into decks (id, course_id, user_id, name, description, level) overriding system value
     select (c - 1) * 3 + k, c * 10, 'u' || (1 + ${h("c * 10", 1)} % ${owners}),
       (${literal(KINDS)})[1 + ${h("c", 6)} % ${ks}] || ' lesson ' || k || ' ' ||
       (${literal(SYLLABLES)})[1 + ${h("c", 7)} % ${sy}] || (${literal(SYLLABLES)})[1 + ${h("c", 8)} % ${sy}],
       'Ten cards to learn in a few minutes.', k
     from generate_series(1, ${withDecks}) c, generate_series(1, 3) k`,
  );
  await step(
    `${withDecks * 30} flashcards`,
    `insert into flashcards (id, deck_id, question, correct_answer, duration) overriding system value
     select (d - 1) * 10 + i, d, 'Question ' || i || ' of deck ' || d || '?', 'Answer ' || i || ' (' || md5((d * 10 + i)::text) || ')',
       (array[1, 2, 3, 5])[1 + i % 4]
     from generate_series(1, ${withDecks * 3}) d, generate_series(1, 10) i`,
  );
  // Popular courses get most follows: course = n * r^4 for a uniform r.
  await step(
    `${follows} follows`,
    `insert into followed_courses (user_id, course_id)
     select distinct on (u, c) 'u' || u, c from (
       select 1 + ${h("f", 9)} % ${owners} as u, greatest(1, floor(${n} * power(random(), 4)))::int as c
       from generate_series(1, ${follows}) f) s`,
  );
  await step(
    "follow counts",
    `update courses set follow_count = f.n
     from (select course_id, count(*) as n from followed_courses group by course_id) f where courses.id = f.course_id`,
  );
  await step(
    `${follows} passes`,
    `insert into user_progress (user_id, course_id, deck_id)
     select distinct on (s.u, d.id) 'u' || s.u, d.course_id, d.id from (
       select 1 + ${h("p", 10)} % ${owners} as u, 1 + ${h("p", 11)} % ${withDecks * 3} as deck
       from generate_series(1, ${follows}) p) s join decks d on d.id = s.deck
     order by s.u, d.id`,
  );
  for (const table of ["courses", "course_tags", "decks", "flashcards", "followed_courses", "user_progress"]) {
    await client.query(
      `select setval(pg_get_serial_sequence('${table}', 'id'), (select coalesce(max(id), 0) + 1 from ${table}), false)`,
    );
  }
  for (const index of indexes) await step(`index ${index.name}`, index.def);
  await client.query("set session_replication_role = origin");
  await step("vacuum analyze", "vacuum analyze");
  await client.query("update bench_catalogue set complete = true");
}

/** The benchmark's own signed-in user: a session row, some follows and passes on the benched courses. */
async function benchUser(client: pg.Client) {
  await client.query(
    `insert into users (id, name, email, email_verified) values ($1, 'Bench', $2, true) on conflict do nothing`,
    [BENCH_USER.id, BENCH_USER.email],
  );
  await client.query(`insert into user_profiles (user_id, email) values ($1, $2) on conflict do nothing`, [
    BENCH_USER.id,
    BENCH_USER.email,
  ]);
  await client.query(
    `insert into sessions (id, token, user_id, expires_at) values ('bench-session', $1, $2, now() + interval '7 days')
     on conflict (id) do update set expires_at = excluded.expires_at`,
    [BENCH_USER.sessionToken, BENCH_USER.id],
  );
}
