import { courses, followedCourses } from "@server/db/schema";
import { createCourse, createUser } from "@server/test/factories";
import { ok, signedInClient, TestClient } from "@server/test/http-client";
import { setupTestApp } from "@server/test/test-app";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

const { app, database } = await setupTestApp();
const { db } = database;

describe("following a course", () => {
  it("is idempotent both ways and keeps the follow count exact", async () => {
    const owner = await createUser(db);
    const course = await createCourse(db, owner.id);
    const { client } = await signedInClient(app, db);
    const param = { courseId: String(course.id) };
    const count = async () => (await db.select().from(courses).where(eq(courses.id, course.id)))[0]?.followCount;

    expect(await ok(client.api.follows[":courseId"].$put({ param }))).toEqual({ following: true });
    expect((await client.api.follows[":courseId"].$put({ param })).status).toBe(200);
    expect(await db.select().from(followedCourses).where(eq(followedCourses.courseId, course.id))).toHaveLength(1);
    expect(await count()).toBe(1);
    expect((await ok(client.api.courses[":courseId"].$get({ param })))?.viewer?.following).toBe(true);

    expect(await ok(client.api.follows[":courseId"].$delete({ param }))).toEqual({ following: false });
    expect((await client.api.follows[":courseId"].$delete({ param })).status).toBe(200);
    expect(await count()).toBe(0);
  });

  it("refuses visitors and unknown courses", async () => {
    const owner = await createUser(db);
    const course = await createCourse(db, owner.id);
    expect((await new TestClient(app).put(`/api/follows/${course.id}`, {})).status).toBe(401);
    const { client } = await signedInClient(app, db);
    expect((await client.put("/api/follows/2147483000", {})).status).toBe(404);
    expect(await db.select().from(followedCourses).where(eq(followedCourses.courseId, course.id))).toEqual([]);
  });
});
