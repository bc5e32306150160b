import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../db/client";
import { decks } from "../../db/schema";
import { createCourse, createUser, follow } from "../../test/factories";
import { TestClient } from "../../test/http-client";
import { setupTestApp } from "../../test/test-app";
import { containsPattern, SEARCH_STATEMENTS } from "./search.service";

/** A statement's text with its one parameter written in, for EXPLAIN. */
const withValue = (text: string, value: string) => sql.raw(text.replaceAll("$1", `'${value.replaceAll("'", "''")}'`));

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

  it("answers 1 character with names and deck names starting with it and tags equal to it, most followed first", async () => {
    // A letter no other test uses as a first letter: Greek psi.
    const owner = await createUser(db);
    const fan = await createUser(db);
    const older = await createCourse(db, owner.id, { name: "ψ older" });
    const popular = await createCourse(db, owner.id, { name: "Ψ popular" });
    await follow(db, fan.id, popular.id);
    const tagged = await createCourse(db, owner.id, { name: "Tagged psi", tags: ["ψ"] });
    const withDeck = await createCourse(db, owner.id, { name: "Deck psi", decks: 2 });
    await db
      .update(decks)
      .set({ name: "ψ deck" })
      .where(sql`${decks.id} = ${withDeck.decks[1]?.id ?? 0}`);
    await createCourse(db, owner.id, { name: "Middle ψ only", tags: ["ψψ"] });

    const results = await search("ψ");
    expect(results.map((c) => c.name)).toEqual(["Ψ popular", older.name, tagged.name, withDeck.name]);
    expect(results.find((c) => c.name === withDeck.name)?.decks.map((d) => d.name)).toEqual(["ψ deck"]);
  });

  it("answers 2 characters the same way, whatever the case", async () => {
    const owner = await createUser(db);
    const two = `ж${Math.floor(Math.random() * 10)}`;
    const named = await createCourse(db, owner.id, { name: `${two.toUpperCase()} grammar` });
    const tagged = await createCourse(db, owner.id, { name: "Levels", tags: [two.toUpperCase()] });
    await createCourse(db, owner.id, { name: `About ${two}`, tags: [`${two}x`] });
    const names = (await search(two)).map((c) => c.name);
    expect(names).toContain(named.name);
    expect(names).toContain(tagged.name);
    expect(names).not.toContain(`About ${two}`);
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
        for (const index of [
          "courses_name_trgm_idx",
          "course_tags_tag_trgm_idx",
          "decks_name_trgm_idx",
          "tag_names_tag_trgm_idx",
        ]) {
          await tx.execute(sql`select gin_clean_pending_list(${index}::regclass)`);
        }
        await tx.execute(sql`analyze courses`);
        await tx.execute(sql`analyze course_tags`);
        await tx.execute(sql`analyze decks`);
        await tx.execute(sql`analyze tag_names`);
        for (const query of [
          sql`select id from courses where name ilike ${containsPattern("capital")}`,
          sql`select course_id from course_tags where tag ilike ${containsPattern("geography")}`,
          sql`select id from decks where name ilike ${containsPattern("europe")}`,
          // The statements the server runs, on a rare word, a tag and 1 or 2 characters.
          withValue(SEARCH_STATEMENTS.contains.text, containsPattern("capital")),
          withValue(SEARCH_STATEMENTS.prefix1.text, "q"),
          withValue(SEARCH_STATEMENTS.prefix2.text, "qz"),
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
    // One statement: name from the trigram index, tags through tag_names and the lower(tag) index.
    expect(plans[3]).toContain("courses_name_trgm_idx");
    expect(plans[3]).toContain("course_tags_tag_lower_idx");
    // The probes (unaliased) never scan; the final join by id may, on this small table.
    expect(plans[3]).not.toMatch(/Seq Scan on (courses|course_tags) +\(/);
    // 1 and 2 characters: the prefix indexes, never a scan of courses or course_tags.
    for (const [plan, length] of [
      [plans[4], 1],
      [plans[5], 2],
    ] as const) {
      expect(plan).toContain(`courses_name_prefix${length}_idx`);
      expect(plan).toContain("course_tags_tag_lower_idx");
      expect(plan).not.toMatch(/Seq Scan on (courses|course_tags) +\(/);
    }
  });
});
