/**
 * Learners' review data for `npm run bench:reviews`, generated inside PostgreSQL on top of the bench
 * catalogue (bench/lib/catalogue.ts: users u1…uN, cards 1…3N/10, card c in course ((c-1)/30+1)*10).
 *
 * - Learners u1…u{users} (the catalogue's owners, plus new users if there are more learners than
 *   owners). Every 50th is a heavy user: ten times the average learner's memory rows and log rows.
 *   The others vary ±50 % around 0.82× the average, so the mean over everyone is exactly
 *   memory/users and log/users (the counts are allocated here, not drawn).
 * - Each learner's cards are a run of consecutive card ids (whole courses of 30 cards) at a hashed
 *   place in the catalogue; each card gets one first answer, the rest of its answers go mostly to
 *   the learner's older cards.
 * - review_log: answers spread evenly over the year before generation, mostly in review mode with
 *   some flip, choice, test (with response times), matching and tiles; grades 12 % Again, 10 % Hard,
 *   68 % Good, 10 % Easy. Rows are written in answer-time order, as a live server appends them, so a
 *   learner's rows are scattered over the table's pages (not clustered by user).
 * - card_memory: one row per (learner, card) of the log, derived from it (reps, lapses, first and
 *   last answer); the due date is spread from 20 days overdue to 80 days ahead of generation, so
 *   about a fifth of each learner's cards are due. Written in introduction order.
 * - review_settings: every other learner has a row with a time zone (the rest use the defaults).
 *
 * Everything but the UUIDs is a function of the sizes (hashes, not random()), so the bench's own
 * writers can be put back exactly: their new log rows are deleted and their memory rows derived again.
 * A marker table (bench_reviews) records the sizes: a second run with the same sizes reuses the data.
 */
import type pg from "pg";
import { withClient } from "./catalogue";

export const HEAVY_EVERY = 50;
/** Writers: learners whose answers the bench records (and then takes back). */
const WRITERS = 50;
const TIME_ZONES = ["Europe/Paris", "Asia/Tokyo", "America/New_York", "Europe/London", "Australia/Sydney"];

export interface ReviewSizes {
  users: number;
  memory: number;
  log: number;
}

export interface Learner {
  id: string;
  heavy: boolean;
  memory: number;
  log: number;
}

export interface ReviewData extends ReviewSizes {
  reused: boolean;
  generatedAt: Date;
  average: Learner;
  heavyUser: Learner;
  writers: { id: string; cards: number[] }[];
  /** Puts the writers' log and memory rows back as generated. */
  restoreWriters(): Promise<void>;
}

function hash(n: number): number {
  let x = (n ^ 0x27d4eb2f) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b) >>> 0;
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35) >>> 0;
  return (x ^ (x >>> 16)) >>> 0;
}
const unit = (n: number) => hash(n) / 2 ** 32;

/** Splits total into integer shares proportional to weights (largest remainder), each at least min. */
function allocate(total: number, weights: number[], min: number): number[] {
  const spare = total - min * weights.length;
  if (spare < 0) throw new Error(`${total} rows cannot give ${weights.length} learners ${min} each`);
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (spare * w) / sum);
  const shares = exact.map((x) => Math.floor(x));
  let left = spare - shares.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of order) {
    if (left-- <= 0) break;
    shares[i] = (shares[i] as number) + 1;
  }
  return shares.map((s) => s + min);
}

interface Plan {
  no: number[];
  heavy: boolean[];
  cards: number[];
  logs: number[];
  cardStart: number[];
  logStart: number[];
}

function plan({ users, memory, log }: ReviewSizes, catalogueCards: number): Plan {
  if (log < memory) throw new Error("BENCH_LOG must be at least BENCH_MEMORY (each memory row has an answer)");
  const no = Array.from({ length: users }, (_, i) => i + 1);
  const heavy = no.map((n) => n % HEAVY_EVERY === 0);
  // Heavy users average 10× the mean over everyone; the rest make up the remainder (0.82× for 1 in 50).
  const weights = no.map((n, i) => (heavy[i] ? 10 * (0.8 + 0.4 * unit(n)) : 0.816 * (0.5 + unit(n + 7_777_777))));
  const cards = allocate(memory, weights, 1);
  const extra = allocate(log - memory, weights, 0);
  const logs = cards.map((c, i) => c + (extra[i] as number));
  const cardStart = cards.map((c, i) => {
    if (c > catalogueCards) throw new Error(`a learner with ${c} cards does not fit in ${catalogueCards} cards`);
    return 1 + (hash((no[i] as number) * 31 + 5) % (catalogueCards - c + 1));
  });
  const logStart: number[] = [];
  let at = 0;
  for (const l of logs) {
    logStart.push(at);
    at += l;
  }
  return { no, heavy, cards, logs, cardStart, logStart };
}

const U = (expr: string, salt: number) => `((hashint8((${expr}) * 8 + ${salt}) & 2147483647)::float8 / 2147483648)`;

/** card_memory rows derived from the log (of some learners, or all). Deterministic given the log. */
function memoryFromLog(where: string): string {
  const mu = (salt: number) => U(`card_id::bigint * 7919 + hashtext(user_id)`, salt);
  return `insert into card_memory (user_id, card_id, course_id, due, stability, difficulty, state, reps, lapses,
      learning_steps, scheduled_days, last_review, introduced_at)
    select user_id, card_id, course_id, due, greatest(0.1, sd * (0.85 + 0.3 * u2)), round((1 + 9 * u3)::numeric, 2)::float8,
      case when sd >= 1 then 'review' when lapses > 0 then 'relearning' else 'learning' end,
      reps, lapses, case when sd >= 1 then 0 else 1 end, sd, last_review, introduced_at
    from (
      select b.*, floor(extract(epoch from due - last_review) / 86400)::int as sd from (
        select a.*, greatest(a.last_review + interval '10 minutes',
                             g.at + make_interval(secs => 86400 * (100 * u1 - 20))) as due
        from (
          select user_id, card_id, min(course_id) as course_id, count(*)::int as reps,
            (count(*) filter (where grade = 1))::int as lapses, max(answered_at) as last_review,
            min(answered_at) as introduced_at, ${mu(1)} as u1, ${mu(2)} as u2, ${mu(3)} as u3
          from review_log ${where} group by user_id, card_id) a,
        (select generated_at as at from bench_reviews) g) b) c
    order by introduced_at`;
}

async function loadedSizes(client: pg.Client): Promise<(ReviewSizes & { generatedAt: Date }) | undefined> {
  const exists = await client.query("select to_regclass('bench_reviews') is not null as ok");
  if (!exists.rows[0]?.ok) return undefined;
  const { rows } = await client.query(
    "select users, memory, log::float8 as log, generated_at from bench_reviews where complete",
  );
  const row = rows[0];
  return row ? { users: row.users, memory: row.memory, log: row.log, generatedAt: row.generated_at } : undefined;
}

async function generate(client: pg.Client, sizes: ReviewSizes, catalogueCards: number, log: (line: string) => void) {
  const step = async (what: string, text: string, values: unknown[] = []) => {
    const t = Date.now();
    await client.query(text, values);
    log(`  ${what} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
  };
  const p = plan(sizes, catalogueCards);
  await client.query("set synchronous_commit = off");
  await client.query("set maintenance_work_mem = '512MB'");
  await client.query("set work_mem = '256MB'");
  // Foreign keys are known to hold (generated from the catalogue's ids): not checked row by row.
  await client.query("set session_replication_role = replica");
  await client.query("drop table if exists bench_reviews, bench_review_learners");
  await client.query(
    `create table bench_reviews (users integer not null, memory integer not null, log bigint not null,
       generated_at timestamptz not null default now(), complete boolean not null default false)`,
  );
  await client.query("insert into bench_reviews (users, memory, log) values ($1, $2, $3)", [
    sizes.users,
    sizes.memory,
    sizes.log,
  ]);
  await step("empty the review tables", "truncate review_log, card_memory, review_settings");
  await client.query(
    `create table bench_review_learners (no integer primary key, user_id text not null, heavy boolean not null,
       cards integer not null, logs integer not null, card_start integer not null, log_start bigint not null)`,
  );
  await client.query(
    `insert into bench_review_learners
     select n, 'u' || n, h, c, l, s, ls from unnest($1::int[], $2::bool[], $3::int[], $4::int[], $5::int[], $6::bigint[])
       as t(n, h, c, l, s, ls)`,
    [p.no, p.heavy, p.cards, p.logs, p.cardStart, p.logStart],
  );
  await step(
    "learners missing from the catalogue's users",
    `insert into users (id, name, email, email_verified)
     select user_id, 'User ' || no, 'user' || no || '@bench.example', true from bench_review_learners
     on conflict do nothing`,
  );
  await client.query(
    `insert into user_profiles (user_id, email) select u.id, u.email from users u
     join bench_review_learners l on l.user_id = u.id on conflict do nothing`,
  );

  // Secondary indexes and the log's primary key are built after the load: one sorted build each.
  const tables = ["review_log", "card_memory"];
  const { rows: indexes } = await client.query<{ name: string; def: string }>(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
     from pg_index i join pg_class t on t.oid = i.indrelid
     where t.relname = any($1) and not i.indisprimary
       and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
    [tables],
  );
  const { rows: keys } = await client.query<{ table: string; name: string; def: string }>(
    `select conrelid::regclass::text as table, conname as name, pg_get_constraintdef(oid) as def
     from pg_constraint where conrelid = any(array['review_log'::regclass, 'card_memory'::regclass]) and contype = 'p'`,
  );
  for (const index of indexes) await client.query(`drop index ${index.name}`);
  for (const key of keys) await client.query(`alter table ${key.table} drop constraint ${key.name}`);

  const lu = (salt: number) => U("l.log_start + k", salt);
  await step(
    `${sizes.log.toLocaleString("en")} review_log rows, in answer-time order`,
    `insert into review_log (id, user_id, card_id, course_id, mode, grade, response_ms, answered_at, received_at)
     select gen_random_uuid(), user_id, card_id, ((card_id - 1) / 30 + 1) * 10, mode, grade,
       case when mode = 'test' then 600 + (6000 * u5 * u5)::int when u5 < 0.6 then 1000 + (20000 * u5 * u5)::int end,
       at, at
     from (
       select user_id,
         card_start + case when k < cards then k else least(cards - 1, floor(cards * power(u1, 1.5))::int) end as card_id,
         case when u3 < 0.60 then 'review' when u3 < 0.75 then 'flip' when u3 < 0.87 then 'choice'
              when u3 < 0.95 then 'test' when u3 < 0.98 then 'matching' else 'tiles' end as mode,
         (case when u4 < 0.12 then 1 when u4 < 0.22 then 2 when u4 < 0.90 then 3 else 4 end)::smallint as grade,
         u5, g.at - make_interval(secs => 31536000 * u2) as at
       from (
         select l.user_id, l.cards, l.card_start, k, ${lu(1)} as u1, ${lu(2)} as u2, ${lu(3)} as u3, ${lu(4)} as u4,
           ${lu(5)} as u5
         from bench_review_learners l, generate_series(0, l.logs - 1) k) r,
       (select generated_at as at from bench_reviews) g) s
     order by at`,
  );
  await step(`${sizes.memory.toLocaleString("en")} card_memory rows, derived from the log`, memoryFromLog(""));
  await step(
    "review settings of every other learner",
    `insert into review_settings (user_id, desired_retention, new_cards_per_day, reviews_per_day, time_zone)
     select user_id, 0.9, 20, 200, (${`array[${TIME_ZONES.map((z) => `'${z}'`).join(",")}]`})[1 + (no / 2) % ${TIME_ZONES.length}]
     from bench_review_learners where no % 2 = 0`,
  );
  for (const key of keys)
    await step(`primary key ${key.name}`, `alter table ${key.table} add constraint ${key.name} ${key.def}`);
  for (const index of indexes) await step(`index ${index.name}`, index.def);
  await client.query("set session_replication_role = origin");
  const counts = await client.query(
    "select (select count(*) from review_log)::float8 as log, (select count(*) from card_memory)::int as memory",
  );
  const got = counts.rows[0];
  if (got?.log !== sizes.log || got?.memory !== sizes.memory) {
    throw new Error(`generated ${got?.log} log and ${got?.memory} memory rows, not ${sizes.log} and ${sizes.memory}`);
  }
  await step(
    "vacuum analyze",
    "vacuum analyze review_log, card_memory, review_settings, users, user_profiles, bench_review_learners",
  );
  await client.query("update bench_reviews set complete = true");
}

async function learner(client: pg.Client, where: string, order: string): Promise<Learner> {
  const { rows } = await client.query(
    `select user_id as id, heavy, cards as memory, logs as log from bench_review_learners where ${where} order by ${order}, no limit 1`,
  );
  if (!rows[0]) throw new Error(`no learner matches ${where}`);
  return rows[0] as Learner;
}

/** Generates the review data (or reuses it when the sizes match) and picks the measured learners. */
export async function prepareReviewData(
  url: string,
  sizes: ReviewSizes,
  catalogueCards: number,
  log: (line: string) => void,
): Promise<ReviewData> {
  if (sizes.users < 2 * HEAVY_EVERY) throw new Error(`BENCH_USERS must be at least ${2 * HEAVY_EVERY}`);
  return withClient(url, async (client) => {
    const have = await loadedSizes(client);
    const reused = have?.users === sizes.users && have.memory === sizes.memory && have.log === sizes.log;
    if (reused) {
      log(
        `Reusing the review data (${sizes.log.toLocaleString("en")} log rows, generated ${have.generatedAt.toISOString()}).`,
      );
    } else {
      const started = Date.now();
      log(
        `Generating review data in SQL: ${sizes.users.toLocaleString("en")} learners, ${sizes.memory.toLocaleString("en")} memory rows, ${sizes.log.toLocaleString("en")} log rows…`,
      );
      await generate(client, sizes, catalogueCards, log);
      log(`Review data loaded in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
    }
    const generatedAt = (await loadedSizes(client))?.generatedAt ?? new Date();
    const mean = sizes.memory / sizes.users;
    const average = await learner(client, "not heavy", `abs(cards - ${mean})`);
    const heavyUser = await learner(client, "heavy", `abs(cards - ${10 * mean})`);
    const { rows: writerRows } = await client.query<{ id: string }>(
      `select user_id as id from bench_review_learners where not heavy and user_id <> all($1)
       order by cards >= 100 desc, no limit ${WRITERS}`,
      [[average.id, heavyUser.id]],
    );
    const writerIds = writerRows.map((row) => row.id);
    const restoreWriters = async () => {
      await withClient(url, async (c) => {
        await c.query("begin");
        await c.query(
          `delete from review_log where user_id = any($1) and received_at > (select generated_at from bench_reviews)`,
          [writerIds],
        );
        await c.query("delete from card_memory where user_id = any($1)", [writerIds]);
        await c.query(
          memoryFromLog(`where user_id in (${writerIds.map((id) => `'${id.replace(/'/g, "''")}'`).join(",")})`),
        );
        await c.query("commit");
      });
    };
    // A run that stopped half-way leaves its answers behind: take them back before measuring.
    await restoreWriters();
    const { rows: cardRows } = await client.query<{ id: string; cards: number[] }>(
      "select user_id as id, array_agg(card_id order by card_id) as cards from card_memory where user_id = any($1) group by 1",
      [writerIds],
    );
    return { ...sizes, reused, generatedAt, average, heavyUser, writers: cardRows, restoreWriters };
  });
}
