import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../db/client";
import { decks } from "../../db/schema";
import { createCourse, createUser } from "../../test/factories";
import { TestClient } from "../../test/http-client";
import { setupTestApp } from "../../test/test-app";
import { containsPattern } from "./search.service";

const { app, database } = await setupTestApp();

class RolledBack extends Error {}
const { db } = database;
const token = () => `zq${crypto.randomUUID().replaceAll("-", "").slice(0, 10)}`;
const search = async (q: string) =>
  (
    (await (await new TestClient(app).get(`/api/search?q=${encodeURIComponent(q)}`)).json()) as {
      items: { name: string; decks: { name: string }[] }[];
    }
  ).items;

describe("search", () => {
  it("finds courses by a word of the name, case-insensitively", async () => {
    const word = token();
    const owner = await createUser(db);
    await createCourse(db, owner.id, { name: `Learn ${word.toUpperCase()} fast` });
    expect((await search(word)).map((c) => c.name)).toEqual([`Learn ${word.toUpperCase()} fast`]);
  });

  it("finds courses by tag and by deck name, showing the matching decks", async () => {
    const word = token();
    const owner = await createUser(db);
    await createCourse(db, owner.id, { name: "Tagged", tags: [`tag-${word}`] });
    const withDecks = await createCourse(db, owner.id, { name: "With decks", decks: 2 });
    await db
      .update(decks)
      .set({ name: `Deck about ${word}` })
      .where(sql`${decks.id} = ${withDecks.decks[1]?.id ?? 0}`);
    const results = await search(word);
    expect(results.map((c) => c.name).sort()).toEqual(["Tagged", "With decks"]);
    expect(results.find((c) => c.name === "With decks")?.decks.map((d) => d.name)).toEqual([`Deck about ${word}`]);
  });

  it("keeps to 50 courses and 5 decks a course", async () => {
    const word = token();
    const owner = await createUser(db);
    for (let i = 0; i < 53; i++) await createCourse(db, owner.id, { name: `${word} ${i}` });
    const many = await createCourse(db, owner.id, { name: "Many decks", decks: 7 });
    await db
      .update(decks)
      .set({ name: sql`${word} || ' deck ' || ${decks.level}` })
      .where(sql`${decks.courseId} = ${many.id}`);
    const results = await search(word);
    expect(results).toHaveLength(50);
    const all = await search(`${word} deck`);
    expect(all.find((c) => c.name === "Many decks")?.decks).toHaveLength(5);
  });

  it("takes %, _ and \\ literally", async () => {
    const word = token();
    const owner = await createUser(db);
    for (const name of [`${word} 100%`, `${word} 1000`, `${word} a_b`, `${word} axb`, `${word} c\\d`, `${word} cd`]) {
      await createCourse(db, owner.id, { name });
    }
    expect((await search(`${word} 100%`)).map((c) => c.name)).toEqual([`${word} 100%`]);
    expect((await search(`${word} a_b`)).map((c) => c.name)).toEqual([`${word} a_b`]);
    expect((await search(`${word} c\\d`)).map((c) => c.name)).toEqual([`${word} c\\d`]);
    expect(containsPattern("50%_\\")).toBe("%50\\%\\_\\\\%");
  });

  it("refuses a blank query", async () => {
    expect((await new TestClient(app).get("/api/search?q=%20%20")).status).toBe(400);
  });

  it("is answered from the trigram indexes on a realistic catalogue (query plans)", async () => {
    const owner = await createUser(db);
    const plans: string[] = [];
    // 5,000 rows a table in a transaction that is rolled back, so the planner has real statistics.
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`
          insert into courses (user_id, name) select ${owner.id}, md5(g::text) from generate_series(1, 5000) g`);
        await tx.execute(sql`
          insert into course_tags (course_id, tag) select id, md5(name) from courses where user_id = ${owner.id}`);
        await tx.execute(sql`
          insert into decks (course_id, user_id, name, level) select id, ${owner.id}, md5(name || 'd'), 1
          from courses where user_id = ${owner.id}`);
        // New rows wait in a GIN index's pending list until vacuum (autovacuum, in production);
        // flush them as vacuum would, then let the planner choose freely.
        for (const index of ["courses_name_trgm_idx", "course_tags_tag_trgm_idx", "decks_name_trgm_idx"]) {
          await tx.execute(sql`select gin_clean_pending_list(${index}::regclass)`);
        }
        await tx.execute(sql`analyze courses`);
        await tx.execute(sql`analyze course_tags`);
        await tx.execute(sql`analyze decks`);
        for (const query of [
          sql`select id from courses where name ilike ${containsPattern("capital")}`,
          sql`select course_id from course_tags where tag ilike ${containsPattern("geography")}`,
          sql`select id from decks where name ilike ${containsPattern("europe")}`,
        ]) {
          const rows = await queryRows<Record<string, string>>(tx, sql`explain ${query}`);
          plans.push(rows.map((row) => Object.values(row)[0]).join("\n"));
        }
        throw new RolledBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RolledBack)) throw error;
      });
    expect(plans[0]).toContain("courses_name_trgm_idx");
    expect(plans[1]).toContain("course_tags_tag_trgm_idx");
    expect(plans[2]).toContain("decks_name_trgm_idx");
  });
});
