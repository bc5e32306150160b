import { describe, expect, it } from "vitest";
import { createCourse, createUser, follow } from "../../test/factories";
import { setupTestApp } from "../../test/test-app";

const { app, database } = await setupTestApp();
const { db } = database;

describe("GET /api/courses/most-followed", () => {
  it("ranks courses by follow count, ties going to the older course", async () => {
    const owner = await createUser(db);
    const followers = await Promise.all(Array.from({ length: 12 }, () => createUser(db)));
    const top = await createCourse(db, owner.id);
    const tiedOlder = await createCourse(db, owner.id);
    const tiedNewer = await createCourse(db, owner.id);
    for (const f of followers.slice(0, 12)) await follow(db, f.id, top.id);
    for (const f of followers.slice(0, 11)) await follow(db, f.id, tiedNewer.id);
    for (const f of followers.slice(0, 11)) await follow(db, f.id, tiedOlder.id);

    const res = await app.request("/api/courses/most-followed");
    expect(res.status).toBe(200);
    const { items } = (await res.json()) as { items: { id: number; name: string }[] };
    expect(items.map((c) => c.id)).toEqual([top.id, tiedOlder.id, tiedNewer.id]);
    expect(items[0]).toEqual({ id: top.id, name: top.name, description: top.description });
  });
});

describe("GET /api/courses/:courseId", () => {
  it("returns the course with its tags and its decks in level order", async () => {
    const owner = await createUser(db);
    const course = await createCourse(db, owner.id, {
      name: "Kana",
      description: "All the kana",
      tags: ["japanese", "kana"],
      decks: 3,
    });

    const res = await app.request(`/api/courses/${course.id}`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      id: course.id,
      name: "Kana",
      description: "All the kana",
      ownerId: owner.id,
      tags: ["japanese", "kana"],
    });
    expect(body.decks.map((d: { level: number }) => d.level)).toEqual([1, 2, 3]);
    expect(body.decks[0]).toEqual({ id: course.decks[0]?.id, name: course.decks[0]?.name, level: 1 });
  });

  it("answers 404 for a course that does not exist", async () => {
    const res = await app.request("/api/courses/2147483000");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: "not_found", message: "Course not found." } });
  });

  it("answers 400 naming the parameter for an id that is not a number", async () => {
    const res = await app.request("/api/courses/abc");
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.code).toBe("invalid_request");
    expect(body.error.message).toContain("courseId");
  });
});
