import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { courses, followedCourses } from "../../db/schema";
import { createCourse, createUser } from "../../test/factories";
import { signUpConfirmed, TestClient } from "../../test/http-client";
import { setupTestApp } from "../../test/test-app";

const { app, database } = await setupTestApp();
const { db } = database;

describe("following a course", () => {
  it("is idempotent both ways and keeps the follow count exact", async () => {
    const owner = await createUser(db);
    const course = await createCourse(db, owner.id);
    const client = new TestClient(app);
    await signUpConfirmed(client, db);
    const count = async () => (await db.select().from(courses).where(eq(courses.id, course.id)))[0]?.followCount;

    expect(await (await client.put(`/api/follows/${course.id}`, {})).json()).toEqual({ following: true });
    expect((await client.put(`/api/follows/${course.id}`, {})).status).toBe(200);
    expect(await db.select().from(followedCourses).where(eq(followedCourses.courseId, course.id))).toHaveLength(1);
    expect(await count()).toBe(1);
    expect((await (await client.get(`/api/courses/${course.id}`)).json()).viewer.following).toBe(true);

    expect(await (await client.delete(`/api/follows/${course.id}`)).json()).toEqual({ following: false });
    expect((await client.delete(`/api/follows/${course.id}`)).status).toBe(200);
    expect(await count()).toBe(0);
  });

  it("refuses visitors and unknown courses", async () => {
    const owner = await createUser(db);
    const course = await createCourse(db, owner.id);
    expect((await new TestClient(app).put(`/api/follows/${course.id}`, {})).status).toBe(401);
    const client = new TestClient(app);
    await signUpConfirmed(client, db);
    expect((await client.put("/api/follows/2147483000", {})).status).toBe(404);
    expect(await db.select().from(followedCourses).where(eq(followedCourses.courseId, course.id))).toEqual([]);
  });
});
