import { decks, userProgress } from "@server/db/schema";
import { createCourse, createUser, follow } from "@server/test/factories";
import { ok, signedInClient, TestClient } from "@server/test/http-client";
import { explainPlan, indexDefinition, planNodes, rolledBack } from "@server/test/query-plans";
import { setupTestApp } from "@server/test/test-app";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listStatement } from "./my-courses.service";

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
    expect(await names(client, "courses", { sort: "name" })).toEqual(["apple", "Banana", "Cherry"]);
    expect((await client.get("/api/me/courses?sort=random")).status).toBe(400);
  });

  it("sort by name as people read: case, numbers, full-width forms and kana (#14 item 3)", async () => {
    const { client, userId } = await signedIn();
    const mixed = ["course 10", "Zebra facts", "apple pie", "Course 2", "course 1", "Ｃｏｕｒｓｅ ３", "Apple tart"];
    for (const name of mixed) await createCourse(db, userId, { name });
    expect(await names(client, "courses", { sort: "name" })).toEqual([
      "apple pie",
      "Apple tart",
      "course 1",
      "Course 2",
      "Ｃｏｕｒｓｅ ３",
      "course 10",
      "Zebra facts",
    ]);

    // Japanese: katakana sorts with hiragana by reading, numbers by value.
    const japanese = await signedIn();
    for (const name of ["さくら", "カメラ", "いぬ", "第10課", "第2課"])
      await createCourse(db, japanese.userId, { name });
    expect(await names(japanese.client, "courses", { sort: "name" })).toEqual([
      "いぬ",
      "カメラ",
      "さくら",
      "第2課",
      "第10課",
    ]);

    // The followed list sorts the same way.
    const owner = await createUser(db);
    for (const name of ["Unit 12", "unit 3", "Unit 1"])
      await follow(db, userId, (await createCourse(db, owner.id, { name })).id);
    expect(await names(client, "followed", { sort: "name" })).toEqual(["Unit 1", "unit 3", "Unit 12"]);
  });

  it("read their own courses by name from an index, without sorting them (#14 item 3)", async () => {
    const owner = await createUser(db);
    const { sql: text, params } = listStatement(db, "own", "name");
    const values: Record<string, string> = { userId: `'${owner.id}'`, limit: "25", offset: "0" };
    let n = 0;
    const literal = text.replace(/\$\d+/g, () => {
      const name = (params[n++] as { name?: string } | undefined)?.name ?? "";
      return values[name] ?? "null";
    });
    const { nodes, coursesIndexes } = await rolledBack(db, async (tx) => {
      // Enough courses, for this owner and others, that the planner has real statistics.
      await tx.execute(sql`
        insert into courses (user_id, name) select ${owner.id}, 'Course ' || g from generate_series(1, 3000) g`);
      await tx.execute(sql`analyze courses`);
      const plan = planNodes(await explainPlan(tx, sql.raw(literal)));
      const reads = plan.filter((node) => node["Relation Name"] === "courses");
      const indexes = await Promise.all(
        reads.map((node) => (node["Index Name"] ? indexDefinition(tx, node["Index Name"]) : null)),
      );
      return { nodes: plan, coursesIndexes: reads.map((node, i) => [node["Node Type"], indexes[i]?.using]) };
    });
    // Read in order from an index on (user_id, the name's sort key, id): no sort, and no scan of
    // courses (the counts' subqueries aside), whichever such index the planner picks.
    expect(nodes.map((node) => node["Node Type"])).not.toContain("Sort");
    expect(coursesIndexes).toEqual([["Index Scan", expect.stringMatching(/^btree \(user_id, .*name.*, id\)$/)]]);
  });

  it("give each course what its card shows: decks, cards and followers (#14)", async () => {
    const { client, userId } = await signedIn();
    const course = await createCourse(db, userId, { decks: 3, cardsPerDeck: 5 });
    await follow(db, (await createUser(db)).id, course.id);
    const expected = { deckCount: 3, cardCount: 15, followCount: 1, passedDecks: 0, ownerName: null };
    const { items } = await ok(client.api.me.courses.$get({ query: {} }));
    expect(items.find((item) => item.id === course.id)).toMatchObject(expected);
    const home = await ok(client.api.me.home.$get());
    expect(home.own.find((item) => item.id === course.id)).toMatchObject(expected);

    // The owner's chosen display name (decision 0033), in their own list and a follower's.
    await client.api.profile["display-name"].$put({ json: { displayName: " Ana " } });
    const mine = await ok(client.api.me.courses.$get({ query: {} }));
    expect(mine.items.find((item) => item.id === course.id)?.ownerName).toBe("Ana");
    const fan = await signedIn();
    await fan.client.api.follows[":courseId"].$put({ param: { courseId: String(course.id) } });
    const followed = await ok(fan.client.api.me.followed.$get({ query: {} }));
    expect(followed.items.find((item) => item.id === course.id)?.ownerName).toBe("Ana");
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
    expect((await ok(client.api.me.home.$get())).completedCourses).toBe(0);
    await db.insert(userProgress).values({ userId, courseId: course.id, deckId: second?.id ?? 0 });
    expect(await names(client, "in-progress")).toEqual([]);
    // Complete now: Home counts it, so its empty "Jump Back In" can say why (#23).
    const home = await ok(client.api.me.home.$get());
    expect(home.inProgress).toEqual([]);
    expect(home.completedCourses).toBe(1);
    // A deck added later makes it a course in progress again.
    await db.insert(decks).values({ courseId: course.id, userId: owner.id, name: "Later", description: "d", level: 3 });
    expect((await ok(client.api.me.home.$get())).completedCourses).toBe(0);
    expect(await names(client, "in-progress")).toEqual(["Two decks"]);
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
