/**
 * Fuzzing every API endpoint (taken from the app's route table) with malformed requests: wrong
 * methods, odd path parameters and query strings, bodies that are half right, wrong types, huge,
 * not JSON, not UTF-8, with NUL or lone surrogates, from visitors and from signed-in users.
 * Each run sends FUZZ_RUNS fresh random requests (fast-check prints the seed of a failure, so it
 * can be replayed with FUZZ_SEED). It fails on any 5xx, on a reply not in the one error shape, on a
 * request that hangs, and on a refused request that changed the signed-in users' data.
 * The import and review endpoints get a second run of their own: bodies over the limit (declared
 * or chunked), nested past the depth limit, and sent without a session (decision 0036).
 */

import { API_MAX_BODY_BYTES } from "@shared/limits";
import { IMPORT_MAX_BODY_BYTES } from "@shared/schemas/imports";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { queryRows } from "../db/client";
import { createCourse, TEST_PASSWORD } from "../test/factories";
import { signedInClient } from "../test/http-client";
import { apiEndpoints } from "../test/route-table";
import { setupTestApp, TEST_ORIGIN } from "../test/test-app";
import { VALID_REQUESTS } from "../test/valid-requests";

const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 1200);
const HANG_MS = 10_000;

const { app, database } = await setupTestApp();
const { db } = database;

// Two signed-in users with passwords (so sign-in and password changes reach a real check), each
// owning a course with decks.
const actors = await Promise.all(
  [0, 1].map(async () => {
    const { client, userId, email } = await signedInClient(app, db, { password: TEST_PASSWORD });
    const course = await createCourse(db, userId, { decks: 2, tags: ["fuzz"] });
    return {
      client,
      email,
      userId,
      courseId: course.id,
      deckIds: course.decks.map((d) => d.id),
      cardId: await firstCard(course.decks[0]?.id),
    };
  }),
);
const actorIds = actors.map((a) => a.userId);

/** A card of the deck, for the endpoints that record answers. */
async function firstCard(deckId: number | undefined): Promise<number | undefined> {
  const [card] = await queryRows<{ id: number }>(
    db,
    sql`select min(id) as id from flashcards where deck_id = ${deckId ?? 0}`,
  );
  return card?.id ?? undefined;
}

/**
 * Everything the two users own or did, as one hash: a refused request must not change it. A
 * PL/pgSQL function keeps its query plan, so the ~1,000 checks of a run are not planned again
 * each time (1.5 ms a check instead of 4). Made in the run's own test database, dropped after.
 */
await db.execute(sql`create or replace function fuzz_fingerprint(ids text[]) returns text language plpgsql as $$
  begin
    return (
      select md5(coalesce(string_agg(x, '|' order by x), '')) as hash from (
        select c::text as x from courses c where c.user_id = any(ids)
        union all select t::text from course_tags t join courses c on c.id = t.course_id where c.user_id = any(ids)
        union all select d::text from decks d where d.user_id = any(ids)
        union all select f::text from flashcards f join decks d on d.id = f.deck_id where d.user_id = any(ids)
        union all select fc::text from followed_courses fc where fc.user_id = any(ids)
        union all select p::text from user_progress p where p.user_id = any(ids)
        union all select s::text from contact_submissions s where s.user_id = any(ids)
        union all select u::text from user_profiles u where u.user_id = any(ids)
        union all select a.password from accounts a where a.user_id = any(ids)
        union all select s.token from sessions s where s.user_id = any(ids)
        union all select r::text from review_log r where r.user_id = any(ids)
        union all select m::text from card_memory m where m.user_id = any(ids)
        union all select rs.user_id || rs.desired_retention || rs.new_cards_per_day || rs.reviews_per_day || rs.time_zone
          from review_settings rs where rs.user_id = any(ids)
      ) rows
    );
  end
$$`);
afterAll(() => db.execute(sql`drop function if exists fuzz_fingerprint(text[])`));

const actorIdArray = `{${actorIds.join(",")}}`;

async function fingerprint(): Promise<string> {
  const [row] = await queryRows<{ hash: string }>(db, sql`select fuzz_fingerprint(${actorIdArray}::text[]) as hash`);
  return row?.hash ?? "";
}

// ------------------------------------------------------------------------------ arbitraries

const FIELDS = [
  "name",
  "description",
  "tags",
  "cards",
  "changed",
  "added",
  "deleted",
  "id",
  "question",
  "answer",
  "duration",
  "message",
  "language",
  "theme",
  "displayName",
  "email",
  "password",
  "newPassword",
  "currentPassword",
  "token",
  "callbackURL",
  "redirectTo",
  "rememberMe",
  "reviews",
  "cardId",
  "mode",
  "grade",
  "responseMs",
  "answeredAt",
  "desiredRetention",
  "newCardsPerDay",
  "timeZone",
  "__proto__",
  "constructor",
] as const;

const nasty = fc.constantFrom(
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\uD800",
  "\uDFFF",
  "🦊",
  "%00",
  "%",
  "..",
  "../..",
  "-1",
  "0",
  "1e3",
  "0x10",
  "NaN",
  "Infinity",
  "2147483648",
  "99999999999999999999",
  "null",
  "<script>alert(1)</script>",
  "' or 1=1 --",
  "%_\\",
);
const text = fc.oneof(
  nasty,
  fc.string(),
  fc.string({ unit: "binary" }),
  fc.string({ minLength: 2000, maxLength: 6000 }),
);
const scalar = fc.oneof(text, fc.integer(), fc.double(), fc.boolean(), fc.constant(null));
const value = fc.letrec((tie) => ({
  any: fc.oneof({ depthSize: "small" }, scalar, tie("array"), tie("object")),
  array: fc.array(tie("any"), { maxLength: 60 }),
  object: fc.dictionary(fc.oneof(text, fc.constantFrom(...FIELDS)), tie("any"), { maxKeys: 6 }),
})).any;

/** What replaces one part of a valid request: mostly hostile text, sometimes a wrong type. */
const unstorable = fc.constantFrom("\u0000", "a\u0000b", "\uD800", "x\uDFFFy", "\uDBFF\uDBFF");
const broken = fc.oneof(
  { weight: 3, arbitrary: unstorable },
  { weight: 3, arbitrary: nasty },
  { weight: 1, arbitrary: text },
  { weight: 1, arbitrary: scalar },
  { weight: 1, arbitrary: value },
);

/** Garbage in place of the whole body. */
type Body = { kind: "json"; value: unknown } | { kind: "raw"; bytes: Uint8Array } | { kind: "text"; text: string };
const garbageBody: fc.Arbitrary<Body> = fc.oneof(
  value.map((v) => ({ kind: "json" as const, value: v })),
  fc.uint8Array({ maxLength: 200 }).map((bytes) => ({ kind: "raw" as const, bytes })),
  fc.string().map((t) => ({ kind: "text" as const, text: t })),
  fc
    .constantFrom("", '{"name":', "[", "{}}", "\uFEFF{}", '{"a":1e999999}', "null", '"x"')
    .map((t) => ({ kind: "text" as const, text: t })),
);

const badContentType = fc.constantFrom(
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "text/plain",
  "application/json; charset=latin1",
  "application/xml",
  "",
);

const endpoints = apiEndpoints(app);
const pathParam = fc.oneof(nasty, fc.integer().map(String), fc.string({ maxLength: 20 }));
const request = fc.record({
  endpoint: fc.constantFrom(...endpoints),
  variant: fc.nat(),
  /** Who sends it (-1: a visitor), and whose course and deck the path names. */
  actor: fc.constantFrom(-1, 0, 1),
  target: fc.constantFrom(0, 1),
  /** One field of the body (or query) replaced or added. */
  field: fc.option(
    fc.record({
      /** Mostly a field the request really has (index into its keys), else any name. */
      existing: fc.option(fc.nat(), { freq: 4 }),
      key: fc.oneof(fc.constantFrom(...FIELDS), text),
      value: broken,
    }),
    { freq: 5 },
  ),
  /** One field of one card replaced, where the body has cards. */
  cardField: fc.option(
    fc.record({
      list: fc.constantFrom("cards", "added", "changed", "reviews"),
      index: fc.nat(4),
      key: fc.constantFrom("question", "answer", "duration", "id"),
      value: broken,
    }),
    { freq: 3 },
  ),
  param: fc.option(pathParam, { freq: 4 }),
  subPath: fc.option(fc.oneof(text, fc.constantFrom("sign-out", "update-user", "list-sessions", "revoke-sessions")), {
    freq: 6,
  }),
  body: fc.option(garbageBody, { freq: 6 }),
  contentType: fc.option(badContentType, { freq: 6 }),
  method: fc.option(fc.constantFrom("GET", "POST", "PUT", "DELETE", "PATCH"), { freq: 8 }),
  forwardedFor: fc.oneof(fc.ipV4(), fc.constantFrom("", "1.1.1.1, 2.2.2.2", "unknown", "::1", "999.1.1.1")),
});

/** Percent-encodes anything, a lone surrogate included (as the WTF-8 bytes an attacker would send). */
function encodeAny(text: string): string {
  let out = "";
  for (const char of text) {
    const unit = char.charCodeAt(0);
    if (char.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join("");
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
}

function encodeQuery(query: Record<string, string>): string {
  const pairs = Object.entries(query).map(([k, v]) => {
    // Some values go raw (bad percent-encoding on purpose), most encoded.
    const raw = v.startsWith("%");
    return `${encodeAny(k)}=${raw ? v : encodeAny(v)}`;
  });
  return pairs.length ? `?${pairs.join("&")}` : "";
}

function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`hung for ${HANG_MS} ms: ${what}`)), HANG_MS);
  });
  return Promise.race([promise, hang]).finally(() => clearTimeout(timer));
}

/**
 * The fingerprint after the last refused request, which by then had been checked to equal the one
 * before it: nothing changes the users' data between two requests but an accepted request or
 * ensureFixture, and both forget it. Saves computing the same hash twice in a row.
 */
let unchanged: string | null = null;
/** Actors whose course and decks were found whole, with no request accepted since. */
const intact = new Set<number>();

/** The actor's course and deck, made again when a fuzzed (but valid) delete removed them. */
async function ensureFixture(index: number) {
  const actor = actors[index];
  if (!actor) throw new Error("no actor");
  if (intact.has(index)) return actor;
  const [row] = await queryRows<{ decks: number }>(
    db,
    sql`select count(d.id)::int as decks from courses c left join decks d on d.course_id = c.id where c.id = ${actor.courseId}`,
  );
  if ((row?.decks ?? 0) === 0) {
    const course = await createCourse(db, actor.userId, { decks: 2, tags: ["fuzz"] });
    actor.courseId = course.id;
    actor.deckIds = course.decks.map((d) => d.id);
    actor.cardId = await firstCard(course.decks[0]?.id);
    unchanged = null;
  }
  intact.add(index);
  return actor;
}

function setField(target: Record<string, unknown>, key: string, fieldValue: unknown) {
  // Own property even for "__proto__", as JSON.parse on the server would see it.
  Object.defineProperty(target, key, { value: fieldValue, enumerable: true, configurable: true, writable: true });
}

describe("fuzzing every endpoint", () => {
  it("has a valid request to start from for every endpoint", () => {
    expect(endpoints).toEqual(Object.keys(VALID_REQUESTS).sort());
  });

  it(`answers ${FUZZ_RUNS} malformed requests without a 5xx, a hang or a partial write`, async () => {
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const target = await ensureFixture(r.target);
        const variants = VALID_REQUESTS[r.endpoint]?.({
          courseId: target.courseId,
          deckId: target.deckIds[0] ?? 0,
          cardId: target.cardId,
          email: target.email,
        });
        const valid = variants?.[r.variant % variants.length] ?? {};
        const [routeMethod = "GET", routePath = ""] = r.endpoint.split(" ");
        const method = r.method ?? routeMethod;

        const query: Record<string, string> = { ...valid.query };
        const body: Record<string, unknown> = structuredClone(valid.body ?? {});
        if (r.field) {
          const keys = Object.keys(method === "GET" ? query : body);
          if (r.field.existing !== null && keys.length > 0) r.field.key = keys[r.field.existing % keys.length] ?? "";
          if (method === "GET")
            query[r.field.key] = typeof r.field.value === "string" ? r.field.value : JSON.stringify(r.field.value);
          else setField(body, r.field.key, r.field.value);
        }
        const list = body[r.cardField?.list ?? ""];
        // The list may itself be fuzzed (a field set to an array of anything): only objects get a field.
        const item: unknown =
          Array.isArray(list) && list.length > 0 ? list[(r.cardField?.index ?? 0) % list.length] : null;
        if (r.cardField && typeof item === "object" && item !== null) {
          setField(item as Record<string, unknown>, r.cardField.key, r.cardField.value);
        }

        const ids: Record<string, number> = { courseId: target.courseId, deckId: target.deckIds[0] ?? 0 };
        const subPath = r.subPath ?? valid.subPath ?? "";
        const path = routePath
          .replace("*", subPath.startsWith("%") ? subPath : encodeAny(subPath).replaceAll("%2F", "/"))
          .replace(/:(\w+)/g, (_, name: string) =>
            r.param === null ? String(ids[name]) : r.param.startsWith("%") ? r.param : encodeAny(r.param),
          );
        const url = `${path}${encodeQuery(query)}`;

        const headers: Record<string, string> = { origin: TEST_ORIGIN, "x-forwarded-for": r.forwardedFor };
        headers["content-type"] = r.contentType ?? "application/json";
        const actor = actors[r.actor];
        if (actor) headers.cookie = [...actor.client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
        let payload: BodyInit | undefined;
        if (method !== "GET") {
          if (!r.body) payload = valid.body || r.field ? JSON.stringify(body) : undefined;
          else if (r.body.kind === "json") payload = JSON.stringify(r.body.value);
          else if (r.body.kind === "raw") payload = new Uint8Array(r.body.bytes);
          else payload = r.body.text;
        }

        const before = unchanged ?? (await fingerprint());
        unchanged = null;
        const checked = [...intact];
        intact.clear(); // until the request is known refused
        const what = `${method} ${url} (${headers["content-type"]}) ${typeof payload === "string" ? payload.slice(0, 300) : ""}`;
        const res = await withTimeout(Promise.resolve(app.request(url, { method, headers, body: payload })), what);
        const reply = await withTimeout(res.text(), what);

        if (res.status >= 500) throw new Error(`${what} → ${res.status}: ${reply}`);
        if (res.status >= 400 && res.headers.get("content-type")?.includes("application/json")) {
          const parsed = JSON.parse(reply);
          if (typeof parsed?.error?.code !== "string" || typeof parsed?.error?.message !== "string") {
            throw new Error(`${what} → ${res.status} not in the one error shape: ${reply}`);
          }
        }
        if (res.status >= 400) {
          const after = await fingerprint();
          if (after !== before) throw new Error(`${what} → ${res.status} but the users' data changed`);
          unchanged = after;
          // Refused and nothing changed: whatever was whole before still is.
          for (const index of checked) intact.add(index);
        }
      }),
      {
        numRuns: FUZZ_RUNS,
        seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined,
        // A failure is reported as found: shrinking against a live app would take minutes.
        endOnFailure: true,
      },
    );
  }, 300_000);
});

// ------------------------------------------------------------------ the bulk endpoints (0036)

const BULK_FUZZ_RUNS = Number(process.env.BULK_FUZZ_RUNS ?? 80);
const KB = 1024;
const CHUNK = 64 * KB;
const bulkEndpoints = [
  "POST /api/imports",
  "POST /api/reviews",
  "POST /api/reviews/batch",
  "PUT /api/reviews/settings",
];
const limitOf = (path: string) => (path === "/api/imports" ? IMPORT_MAX_BODY_BYTES : API_MAX_BODY_BYTES);

/** Bytes handed out a chunk at a time as they are read, from a prefix and then filler, never built whole. */
function lazyBody(prefix: Uint8Array, totalBytes: number): ReadableStream<Uint8Array> {
  const filler = new Uint8Array(CHUNK).fill(0x78); // "x": the inside of a string that never ends
  let sent = 0;
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (sent >= totalBytes) return controller.close();
        const piece = sent === 0 ? prefix : filler.subarray(0, Math.min(CHUNK, totalBytes - sent));
        sent += piece.byteLength;
        controller.enqueue(piece);
      },
    },
    { highWaterMark: 0 },
  );
}

/** The whole body, sent in chunks without a Content-Length (as `Transfer-Encoding: chunked`). */
function chunked(bytes: Uint8Array): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (at >= bytes.length) return controller.close();
        controller.enqueue(bytes.subarray(at, at + CHUNK));
        at += CHUNK;
      },
    },
    { highWaterMark: 0 },
  );
}

/**
 * Users of their own: the first run may sign the shared actors out (it fuzzes sign-out and
 * revoke-sessions too), and these requests must meet a live session.
 */
const bulkActors = await Promise.all(
  [0, 1].map(async () => {
    const { client, userId, email } = await signedInClient(app, db);
    const course = await createCourse(db, userId, { decks: 1 });
    const deckId = course.decks[0]?.id ?? 0;
    return { client, userId, email, courseId: course.id, deckId, cardId: await firstCard(deckId) };
  }),
);
const bulkActorIds = `{${bulkActors.map((a) => a.userId).join(",")}}`;
const bulkFingerprint = async () =>
  (await queryRows<{ hash: string }>(db, sql`select fuzz_fingerprint(${bulkActorIds}::text[]) as hash`))[0]?.hash;

const bulkAbuse = fc.record({
  endpoint: fc.constantFrom(...bulkEndpoints),
  /** -1: a visitor, without a cookie. */
  actor: fc.constantFrom(-1, 0, 1),
  shape: fc.oneof(
    fc.record({
      kind: fc.constant("oversized" as const),
      extra: fc.nat(2 * 1024 * KB),
      declared: fc.boolean(),
    }),
    fc.record({
      kind: fc.constant("nested" as const),
      depth: fc.oneof(fc.integer({ min: 33, max: 64 }), fc.integer({ min: 65, max: 200_000 })),
      open: fc.constantFrom("[", '{"a":'),
      /** Inside the valid body's first list (decks, reviews) or the whole body. */
      inside: fc.boolean(),
      streamed: fc.boolean(),
    }),
  ),
});

function nestedBody(depth: number, open: string, inside: boolean, valid: Record<string, unknown>): string {
  const close = open === "[" ? "]" : "}";
  const deep = `${open.repeat(depth)}0${close.repeat(depth)}`;
  if (!inside) return deep;
  const list = Object.keys(valid).find((key) => Array.isArray(valid[key])) ?? "padding";
  return JSON.stringify({ ...valid, [list]: "DEEP" }).replace('"DEEP"', `[${deep}]`);
}

describe("fuzzing the import and review endpoints with oversized, nested and anonymous bodies", () => {
  it(`answers ${BULK_FUZZ_RUNS} abusive bodies with a clean 4xx, without a write or a hang`, async () => {
    await fc.assert(
      fc.asyncProperty(bulkAbuse, async ({ endpoint, actor: actorIndex, shape }) => {
        const [method = "POST", path = ""] = endpoint.split(" ");
        const actor = bulkActors[actorIndex];
        const target = actor ?? bulkActors[0];
        const [valid] = target ? (VALID_REQUESTS[endpoint]?.(target) ?? []) : [];
        const headers: Record<string, string> = {
          origin: TEST_ORIGIN,
          "content-type": "application/json",
          "x-forwarded-for": "10.9.9.9",
        };
        if (actor) headers.cookie = [...actor.client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");

        let body: ReadableStream<Uint8Array> | Uint8Array;
        let expected: number;
        if (shape.kind === "oversized") {
          const size = limitOf(path) + 1 + shape.extra;
          body = lazyBody(new TextEncoder().encode('{"padding":"'), size);
          if (shape.declared) headers["content-length"] = String(size);
          expected = 413;
        } else {
          const bytes = new TextEncoder().encode(nestedBody(shape.depth, shape.open, shape.inside, valid?.body ?? {}));
          body = shape.streamed ? chunked(bytes) : bytes;
          expected = bytes.length > limitOf(path) ? 413 : 400;
        }
        if (!actor) expected = 401;

        const what = `${endpoint} as ${actor ? "a user" : "a visitor"}: ${JSON.stringify(shape)}`;
        const before = await bulkFingerprint();
        const request = app.request(path, { method, headers, body, duplex: "half" } as RequestInit);
        const res = await withTimeout(Promise.resolve(request), what);
        const reply = await withTimeout(res.text(), what);
        if (res.status !== expected)
          throw new Error(`${what} → ${res.status}, not ${expected}: ${reply.slice(0, 300)}`);
        const parsed = JSON.parse(reply);
        if (typeof parsed?.error?.code !== "string" || typeof parsed?.error?.message !== "string") {
          throw new Error(`${what} → ${res.status} not in the one error shape: ${reply.slice(0, 300)}`);
        }
        if ((await bulkFingerprint()) !== before)
          throw new Error(`${what} → ${res.status} but the users' data changed`);
      }),
      {
        numRuns: BULK_FUZZ_RUNS,
        seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined,
        endOnFailure: true,
      },
    );
  }, 300_000);
});
