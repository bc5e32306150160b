import { rateLimits } from "@server/db/schema";
import { signedInClient, TestClient } from "@server/test/http-client";
import { setupTestApp } from "@server/test/test-app";
import { READINGS_RATE_LIMIT, READINGS_TEXT_MAX } from "@shared/limits";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { hitRateLimit } from "../accounts/rate-limit";

const { app, database } = await setupTestApp();
const { db } = database;

/** The author's rate-limit row: written only once a request is past its checks and about to be analysed. */
const counted = async (userId: string) =>
  (
    await db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `readings:${userId}`))
  )[0]?.count ?? 0;

describe("reading suggestions", () => {
  it("are for signed-in authors only", async () => {
    const res = await new TestClient(app).post("/api/readings", { text: "日本語" });
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe("unauthenticated");
  });

  it("suggest readings for the words with kanji, in Anki's syntax", async () => {
    const { client } = await signedInClient(app, db);
    const res = await client.post("/api/readings", { text: "日本語を勉強する" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ text: "日本語[にほんご]を 勉強[べんきょう]する" });
  });

  it("keep the readings already given and text without kanji as it is", async () => {
    const { client } = await signedInClient(app, db);
    expect(await (await client.post("/api/readings", { text: "私[わたくし]は学生" })).json()).toEqual({
      text: "私[わたくし]は 学生[がくせい]",
    });
    expect(await (await client.post("/api/readings", { text: "ひらがな only" })).json()).toEqual({
      text: "ひらがな only",
    });
  });

  it("refuse bad input with the one error shape, before counting or analysing anything", async () => {
    const { client, userId } = await signedInClient(app, db);
    for (const body of [{}, { text: "" }, { text: 5 }, { text: "漢".repeat(READINGS_TEXT_MAX + 1) }]) {
      const res = await client.post("/api/readings", body);
      expect(res.status).toBe(400);
      const { error } = await res.json();
      expect(error).toMatchObject({ code: "invalid_request", issues: [{ path: ["text"] }] });
      expect(typeof error.message).toBe("string");
    }
    // Text a database could not store is refused before the body reaches the route (decision 0036).
    const res = await client.post("/api/readings", { text: "a\u0000b" });
    expect([res.status, (await res.json()).error.code]).toEqual([400, "invalid_request"]);
    expect(await counted(userId)).toBe(0);
  });

  it("take text as long as a card's and count each request against the author's limit", async () => {
    const { client, userId } = await signedInClient(app, db);
    const res = await client.post("/api/readings", { text: "漢字".repeat(READINGS_TEXT_MAX / 2) });
    expect(res.status).toBe(200);
    expect((await res.json()).text).toContain("[かんじ]");
    expect(await counted(userId)).toBe(1);
  });

  it("answer 429 with Retry-After past the author's limit", async () => {
    const { client, userId } = await signedInClient(app, db);
    await hitRateLimit(db, `readings:${userId}`, READINGS_RATE_LIMIT, READINGS_RATE_LIMIT.max);
    const res = await client.post("/api/readings", { text: "日本語" });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await res.json()).error).toMatchObject({ code: "rate_limited", reason: "readings_limit" });
  });
});
