import { count, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { courses, rateLimits } from "../db/schema";
import { signedInClient, TestClient, uniqueEmail } from "../test/http-client";
import { setupTestApp, TEST_ORIGIN } from "../test/test-app";

const { app, database } = await setupTestApp();
const { db } = database;

/** A raw request as an attacker would send it: any body bytes, any content type. */
function rawPost(path: string, body: BodyInit | undefined, contentType: string | null, cookie?: string) {
  const headers: Record<string, string> = { origin: TEST_ORIGIN, "x-forwarded-for": new TestClient(app).ip };
  if (contentType) headers["content-type"] = contentType;
  if (cookie) headers.cookie = cookie;
  return app.request(path, { method: "POST", headers, body });
}

async function expectBadRequest(response: Response) {
  expect(response.status).toBe(400);
  const body = await response.json();
  expect(body).toEqual({ error: { code: "invalid_request", message: expect.any(String) } });
}

const cookieOf = (client: TestClient) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
const courseCount = async (name: string) =>
  (
    await db
      .select({ n: count() })
      .from(courses)
      .where(like(courses.name, `${name}%`))
  )[0]?.n;

describe("request bodies", () => {
  it.each([
    ["malformed JSON", '{"name": "x",', "application/json"],
    ["JSON that is cut off", '{"name"', "application/json"],
    ["invalid UTF-8", new Uint8Array([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]), "application/json"],
    ["a surrogate encoded as UTF-8 bytes", new Uint8Array([0x22, 0xed, 0xa0, 0x80, 0x22]), "application/json"],
    ["a form body", "name=Form+course", "application/x-www-form-urlencoded"],
    ["plain text", "name", "text/plain"],
    ["no content type", '{"name":"x"}', null],
  ])("refuses %s with 400 in the one error shape, creating nothing", async (_, body, contentType) => {
    const { client: c } = await signedInClient(app, db);
    await expectBadRequest(await rawPost("/api/courses", body, contentType, cookieOf(c)));
  });

  it("refuses an empty JSON body where one is needed", async () => {
    const { client: c } = await signedInClient(app, db);
    await expectBadRequest(await rawPost("/api/courses", "", "application/json", cookieOf(c)));
  });

  it("refuses a form-encoded sign-in before the auth library reads it", async () => {
    const email = uniqueEmail("form");
    const res = await rawPost(
      "/api/auth/sign-in/email",
      new URLSearchParams({ email, password: "whatever-pass-1" }).toString(),
      "application/x-www-form-urlencoded",
    );
    await expectBadRequest(res);
  });
});

describe("characters PostgreSQL cannot store as typed", () => {
  const nul = "bad\u0000name";
  const loneSurrogate = "bad\uD800name";

  it.each([
    ["a NUL", nul],
    ["a lone high surrogate", loneSurrogate],
    ["a lone low surrogate", "bad\uDC00name"],
  ])("refuses %s in a course name and stores nothing", async (_, name) => {
    const { client: c } = await signedInClient(app, db);
    await expectBadRequest(await c.post("/api/courses", { name, description: "", tags: [] }));
    expect(await courseCount("bad")).toBe(0);
  });

  it("refuses a NUL in a JSON key", async () => {
    const { client: c } = await signedInClient(app, db);
    await expectBadRequest(await c.post("/api/courses", { name: "Fine", "ta\u0000gs": [] }));
  });

  it("accepts a correctly paired surrogate (an emoji) as typed", async () => {
    const { client: c } = await signedInClient(app, db);
    const name = `Emoji ${crypto.randomUUID().slice(0, 6)} 🦊`;
    const res = await c.post("/api/courses", { name, description: "", tags: ["🦊"] });
    expect(res.status).toBe(201);
    const { id } = await res.json();
    expect((await (await c.get(`/api/courses/${id}`)).json()).name).toBe(name);
  });

  it.each(["/api/search?q=%00", "/api/search?q=a%00b", "/api/search?q=%ED%A0%80", "/api/search?q=%E0%A4%A"])(
    "refuses %s with 400",
    async (path) => {
      await expectBadRequest(await new TestClient(app).get(path));
    },
  );

  it("refuses a NUL in a sign-in email without writing a rate-limit row", async () => {
    const email = `nul\u0000${uniqueEmail()}`;
    const res = await new TestClient(app).post("/api/auth/sign-in/email", { email, password: "whatever-pass-1" });
    await expectBadRequest(res);
    const rows = await db
      .select({ n: count() })
      .from(rateLimits)
      .where(like(rateLimits.key, `%${email.slice(4)}%`));
    expect(rows[0]?.n).toBe(0);
  });
});

/** A promise and the function that settles it (Promise.withResolvers is Node 22). */
function signal() {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/**
 * A body that is made as it is read, and counts what was read: a request refused before reading
 * reads nothing. (highWaterMark 0: nothing is made until someone reads.)
 */
function countedBody(totalBytes: number, chunk: (index: number) => Uint8Array = () => new Uint8Array(64 * 1024)) {
  const read = { bytes: 0, started: signal() };
  let index = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (read.bytes >= totalBytes) return controller.close();
        const piece = chunk(index++);
        read.bytes += piece.byteLength;
        read.started.resolve();
        controller.enqueue(piece);
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, read };
}

function streamedPost(path: string, body: ReadableStream, headers: Record<string, string> = {}) {
  return app.request(path, {
    method: "POST",
    headers: {
      origin: TEST_ORIGIN,
      "x-forwarded-for": new TestClient(app).ip,
      "content-type": "application/json",
      ...headers,
    },
    body,
    duplex: "half",
  } as RequestInit);
}

async function expectError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(await response.json()).toEqual({ error: { code, message: expect.any(String) } });
}

const MB = 1024 * 1024;
const brackets = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;

describe("body limits before the body is read (decision 0036)", () => {
  it("refuses an anonymous import with 401 without reading a byte of its body", async () => {
    const { stream, read } = countedBody(64 * MB);
    await expectError(await streamedPost("/api/imports", stream), 401, "unauthenticated");
    expect(read.bytes).toBe(0);
  });

  it("refuses an anonymous batch of answers with 401 without reading its body", async () => {
    const { stream, read } = countedBody(4 * MB);
    await expectError(await streamedPost("/api/reviews/batch", stream), 401, "unauthenticated");
    expect(read.bytes).toBe(0);
  });

  it("refuses a declared size over the limit with 413 without reading the body", async () => {
    const { client } = await signedInClient(app, db);
    const { stream, read } = countedBody(9 * MB);
    const reply = await streamedPost("/api/imports", stream, {
      cookie: cookieOf(client),
      "content-length": String(9 * MB),
    });
    await expectError(reply, 413, "too_large");
    expect(read.bytes).toBe(0);
  });

  it.each([
    ["/api/imports", 8 * MB],
    ["/api/courses", 512 * 1024],
  ])("stops reading a chunked body to %s once it passes %i bytes, with 413", async (path, limit) => {
    const { client } = await signedInClient(app, db);
    const { stream, read } = countedBody(limit * 4);
    await expectError(await streamedPost(path, stream, { cookie: cookieOf(client) }), 413, "too_large");
    expect(read.bytes).toBeGreaterThan(limit);
    // The limit and at most two 64 KB chunks more (the copy the guard reads pulls one ahead).
    expect(read.bytes).toBeLessThanOrEqual(limit + 2 * 64 * 1024);
  });

  it("refuses a JSON body that is not JSON's type before reading it", async () => {
    const { client } = await signedInClient(app, db);
    const { stream, read } = countedBody(MB);
    const reply = await streamedPost("/api/imports", stream, {
      cookie: cookieOf(client),
      "content-type": "text/plain",
      "content-length": String(MB),
    });
    await expectError(reply, 400, "invalid_request");
    expect(read.bytes).toBe(0);
  });

  it.each([
    ["/api/courses", brackets(100_000)],
    ["/api/courses", `{"name":${brackets(33)}}`],
    ["/api/imports", brackets(4 * MB)],
  ])("refuses JSON nested too deeply (%s) with 400, storing nothing", async (path, body) => {
    const { client, userId } = await signedInClient(app, db);
    const reply = await rawPost(path, body, "application/json", cookieOf(client));
    expect(reply.status).toBe(400);
    expect((await reply.json()).error).toEqual({
      code: "invalid_request",
      message: "The request body nests deeper than 32 levels.",
    });
    expect((await db.select({ n: count() }).from(courses).where(eq(courses.userId, userId)))[0]?.n).toBe(0);
  });

  it("refuses an import of more values than an import can hold before parsing it", async () => {
    const { client, userId } = await signedInClient(app, db);
    const body = `{"importId":"${crypto.randomUUID()}","target":{"kind":"existing","courseId":1},"decks":[${'{"a":1},'.repeat(500_000)}{}]}`;
    const reply = await rawPost("/api/imports", body, "application/json", cookieOf(client));
    expect(reply.status).toBe(400);
    expect((await reply.json()).error).toEqual({
      code: "invalid_request",
      message: "The request body holds more values than this request can have.",
    });
    expect((await db.select({ n: count() }).from(courses).where(eq(courses.userId, userId)))[0]?.n).toBe(0);
  });

  it("lets JSON as deep as the limit through to the validator", async () => {
    const { client } = await signedInClient(app, db);
    const reply = await rawPost("/api/courses", `{"name":${brackets(31)}}`, "application/json", cookieOf(client));
    expect(reply.status).toBe(400);
    expect((await reply.json()).error.issues).toContainEqual({ path: ["name"], key: expect.any(String) });
  });

  it("lets a signed-in user run two imports at a time (429 with Retry-After for a third)", async () => {
    const { client, userId } = await signedInClient(app, db);
    const json = {
      importId: crypto.randomUUID(),
      target: { kind: "new", course: { name: "Two at a time", description: "d", tags: [] } },
      decks: [
        {
          name: "D",
          description: "d",
          cards: [1, 2, 3, 4].map((i) => ({ question: `Q${i}`, answer: "A", duration: 3 })),
        },
      ],
    };
    const body = new TextEncoder().encode(JSON.stringify(json));
    // Two sends of the same import whose bodies stop halfway until the third was answered.
    const release = signal();
    const halted = () => {
      const started = signal();
      let sent = 0;
      const stream = new ReadableStream<Uint8Array>(
        {
          async pull(controller) {
            if (sent === 0) {
              sent = 1;
              started.resolve();
              return controller.enqueue(body.slice(0, 10));
            }
            await release.promise;
            controller.enqueue(body.slice(10));
            controller.close();
          },
        },
        { highWaterMark: 0 },
      );
      return { reply: streamedPost("/api/imports", stream, { cookie: cookieOf(client) }), started: started.promise };
    };
    const first = halted();
    const second = halted();
    await Promise.all([first.started, second.started]);
    const third = await client.post("/api/imports", json);
    expect(third.status).toBe(429);
    expect(third.headers.get("retry-after")).toBe("5");
    expect((await third.json()).error.code).toBe("rate_limited");
    release.resolve();
    expect([(await first.reply).status, (await second.reply).status].sort()).toEqual([200, 201]);
    expect((await db.select({ n: count() }).from(courses).where(eq(courses.userId, userId)))[0]?.n).toBe(1);
  });
});
