import { contactSubmissions } from "@server/db/schema";
import { signedInClient, TestClient } from "@server/test/http-client";
import { setupTestApp } from "@server/test/test-app";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

const { app, database } = await setupTestApp();
const { db } = database;

const signedIn = () => signedInClient(app, db);

describe("contact form", () => {
  it("needs a session and a message of sensible length", async () => {
    expect((await new TestClient(app).post("/api/contact", { message: "Hi" })).status).toBe(401);
    const { client, userId } = await signedIn();
    expect((await client.post("/api/contact", { message: "   " })).status).toBe(400);
    expect((await client.post("/api/contact", { message: "x".repeat(2001) })).status).toBe(400);
    expect(await db.select().from(contactSubmissions).where(eq(contactSubmissions.userId, userId))).toEqual([]);
  });

  it("takes one message per 30 minutes", async () => {
    const { client } = await signedIn();
    expect((await client.post("/api/contact", { message: "First" })).status).toBe(201);
    const second = await client.post("/api/contact", { message: "Second" });
    expect(second.status).toBe(429);
    expect((await second.json()).error.message).toBe("You must wait 30 minutes before submitting another form.");
  });

  it("lets exactly one of two messages sent at the same moment through", async () => {
    const { client, userId } = await signedIn();
    const replies = await Promise.all([
      client.post("/api/contact", { message: "A" }),
      client.post("/api/contact", { message: "B" }),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([201, 429]);
    expect(await db.select().from(contactSubmissions).where(eq(contactSubmissions.userId, userId))).toHaveLength(1);
  });
});
