import { userProgress } from "@server/db/schema";
import { createCourse, createUser } from "@server/test/factories";
import { ok, signedInClient, TestClient } from "@server/test/http-client";
import { setupTestApp } from "@server/test/test-app";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

const { app, database } = await setupTestApp();
const { db } = database;

describe("recording a passed test", () => {
  it("records a pass once per user and deck, and the course page shows it", async () => {
    const owner = await createUser(db);
    const course = await createCourse(db, owner.id, { decks: 2 });
    const deckId = course.decks[0]?.id ?? 0;
    const { client: learner, userId } = await signedInClient(app, db);
    const param = { deckId: String(deckId) };

    const first = await learner.api.progress[":deckId"].$post({ param });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ courseId: course.id, firstPass: true });
    const again = await learner.api.progress[":deckId"].$post({ param });
    expect(await again.json()).toEqual({ courseId: course.id, firstPass: false });

    const rows = await db
      .select()
      .from(userProgress)
      .where(and(eq(userProgress.userId, userId), eq(userProgress.deckId, deckId)));
    expect(rows).toHaveLength(1);
    const detail = await ok(learner.api.courses[":courseId"].$get({ param: { courseId: String(course.id) } }));
    expect(detail.viewer?.passedDeckIds).toEqual([deckId]);
  });

  it("records nothing for a visitor", async () => {
    const owner = await createUser(db);
    const course = await createCourse(db, owner.id, { decks: 1 });
    const deckId = course.decks[0]?.id ?? 0;
    const res = await new TestClient(app).post(`/api/progress/${deckId}`);
    expect(res.status).toBe(401);
    expect(await db.select().from(userProgress).where(eq(userProgress.deckId, deckId))).toEqual([]);
  });

  it("answers 404 for a deck that does not exist", async () => {
    const { client: learner } = await signedInClient(app, db);
    expect((await learner.post("/api/progress/2147483000")).status).toBe(404);
  });
});
