import { userProgress } from "@server/db/schema";
import { createCourse, createUser, follow } from "@server/test/factories";
import { ok, signedInClient, TestClient } from "@server/test/http-client";
import { setupTestApp } from "@server/test/test-app";
import { describe, expect, it } from "vitest";

const { app, database } = await setupTestApp();
const { db } = database;

/** A client signed in as a new user, made in the database. */
const signedIn = () => signedInClient(app, db);
/** The names on one page of a personal list, through the typed client. */
const names = async (
  client: TestClient,
  list: "courses" | "followed" | "in-progress",
  query: { sort?: "newest" | "oldest" | "name"; page?: string } = {},
) => (await ok(client.api.me[list].$get({ query }))).items.map((c) => c.name);

describe("personal lists", () => {
  it("need a session", async () => {
    for (const path of ["/api/me/home", "/api/me/courses", "/api/me/followed", "/api/me/in-progress"]) {
      expect((await new TestClient(app).get(path)).status, path).toBe(401);
    }
  });

  it("sort own courses newest first, oldest first, or by name", async () => {
    const { client, userId } = await signedIn();
    for (const name of ["Banana", "apple", "Cherry"]) await createCourse(db, userId, { name });
    expect(await names(client, "courses")).toEqual(["Cherry", "apple", "Banana"]);
    expect(await names(client, "courses", { sort: "oldest" })).toEqual(["Banana", "apple", "Cherry"]);
    expect(await names(client, "courses", { sort: "name" })).toEqual(["Banana", "Cherry", "apple"]);
    expect((await client.get("/api/me/courses?sort=random")).status).toBe(400);
  });

  it("come a page of 24 at a time", async () => {
    const { client, userId } = await signedIn();
    for (let i = 0; i < 26; i++) await createCourse(db, userId, { name: `Course ${String(i).padStart(2, "0")}` });
    const first = await ok(client.api.me.courses.$get({ query: { sort: "name" } }));
    expect(first.items).toHaveLength(24);
    expect(first.hasMore).toBe(true);
    const second = await ok(client.api.me.courses.$get({ query: { sort: "name", page: "2" } }));
    expect(second.items.map((c: { name: string }) => c.name)).toEqual(["Course 24", "Course 25"]);
    expect(second.hasMore).toBe(false);
  });

  it("count a course as in progress only while some but not all of its decks are passed", async () => {
    const { client, userId } = await signedIn();
    const owner = await createUser(db);
    const course = await createCourse(db, owner.id, { decks: 2, name: "Two decks" });
    const [first, second] = course.decks;
    expect(await names(client, "in-progress")).toEqual([]);
    await db.insert(userProgress).values({ userId, courseId: course.id, deckId: first?.id ?? 0 });
    expect(await names(client, "in-progress")).toEqual(["Two decks"]);
    expect((await (await client.get("/api/me/home")).json()).inProgress.map((c: { name: string }) => c.name)).toEqual([
      "Two decks",
    ]);
    // Each list says how far the user is: decks passed of the course's decks.
    const [listed] = (await (await client.get("/api/me/in-progress")).json()).items;
    expect(listed).toMatchObject({ id: course.id, deckCount: 2, passedDecks: 1 });
    await follow(db, userId, course.id);
    const [followedCourse] = (await (await client.get("/api/me/home")).json()).followed;
    expect(followedCourse).toMatchObject({ id: course.id, deckCount: 2, passedDecks: 1 });
    await db.insert(userProgress).values({ userId, courseId: course.id, deckId: second?.id ?? 0 });
    expect(await names(client, "in-progress")).toEqual([]);
  });

  it("list followed courses, most recently followed first, and the home page's top three", async () => {
    const { client, userId } = await signedIn();
    const owner = await createUser(db);
    for (const name of ["One", "Two", "Three", "Four"]) {
      const course = await createCourse(db, owner.id, { name });
      await follow(db, userId, course.id);
    }
    await createCourse(db, userId, { name: "Mine" });
    expect(await names(client, "followed")).toEqual(["Four", "Three", "Two", "One"]);
    const home = await ok(client.api.me.home.$get());
    expect(home.followed.map((c: { name: string }) => c.name)).toEqual(["Four", "Three", "Two"]);
    expect(home.own.map((c: { name: string }) => c.name)).toEqual(["Mine"]);
  });
});
