import { count, like } from "drizzle-orm";
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
