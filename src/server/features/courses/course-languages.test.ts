import { randomUUID } from "node:crypto";
import { courses } from "@server/db/schema";
import { createCourse, createUser } from "@server/test/factories";
import { ok, signedInClient, TestClient } from "@server/test/http-client";
import { courseSnapshot } from "@server/test/snapshot";
import { setupTestApp } from "@server/test/test-app";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

const { app, database } = await setupTestApp();
const { db } = database;

const languagesOf = async (courseId: number) => {
  const course = await ok(new TestClient(app).api.courses[":courseId"].$get({ param: { courseId: String(courseId) } }));
  return { questionLanguage: course.questionLanguage, answerLanguage: course.answerLanguage };
};

const issuesOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; issues: { path: string[]; key: string }[] } }).error;

describe("the languages of a course's sides (issue #24 item 4)", () => {
  it("stores the languages given, and the course and its decks' replies carry them", async () => {
    const { client } = await signedInClient(app, db, { language: "en" });
    const { id } = await ok(
      client.api.courses.$post({ json: { name: "Kanji", questionLanguage: "ja", answerLanguage: "ja-Latn" } }),
    );
    expect(await languagesOf(id)).toEqual({ questionLanguage: "ja", answerLanguage: "ja-Latn" });

    const cards = Array.from({ length: 4 }, (_, i) => ({
      question: `日本[にほん] ${i}`,
      answer: `nihon ${i}`,
      duration: 3,
    }));
    const deck = await ok(
      client.api.courses[":courseId"].decks.$post({
        param: { courseId: String(id) },
        json: { name: "D", description: "d", cards },
      }),
    );
    const detail = await ok(new TestClient(app).api.decks[":deckId"].$get({ param: { deckId: String(deck.id) } }));
    expect(detail).toMatchObject({ questionLanguage: "ja", answerLanguage: "ja-Latn" });
    // The syntax is stored as typed: readings are rendered, never stripped.
    expect(detail.flashcards[0]?.question).toBe("日本[にほん] 0");
    const practice = await ok(
      new TestClient(app).api.courses[":courseId"].cards.$get({ param: { courseId: String(id) } }),
    );
    expect(practice).toMatchObject({ questionLanguage: "ja", answerLanguage: "ja-Latn" });
  });

  it("defaults both sides to the author's interface language, else English", async () => {
    const japanese = await signedInClient(app, db, { language: "ja" });
    const { id } = await ok(japanese.client.api.courses.$post({ json: { name: "単語" } }));
    expect(await languagesOf(id)).toEqual({ questionLanguage: "ja", answerLanguage: "ja" });

    // One side given, the other defaulted.
    const half = await ok(japanese.client.api.courses.$post({ json: { name: "英単語", answerLanguage: "en" } }));
    expect(await languagesOf(half.id)).toEqual({ questionLanguage: "ja", answerLanguage: "en" });

    const unset = await signedInClient(app, db);
    const plain = await ok(unset.client.api.courses.$post({ json: { name: "Words" } }));
    expect(await languagesOf(plain.id)).toEqual({ questionLanguage: "en", answerLanguage: "en" });
  });

  it("changes them on edit, and keeps them when an edit leaves them out", async () => {
    const { client } = await signedInClient(app, db, { language: "en" });
    const { id } = await ok(
      client.api.courses.$post({ json: { name: "C", questionLanguage: "fr", answerLanguage: "en" } }),
    );
    const param = { courseId: String(id) };
    await ok(client.api.courses[":courseId"].$put({ param, json: { name: "C2", questionLanguage: "de" } }));
    expect(await languagesOf(id)).toEqual({ questionLanguage: "de", answerLanguage: "en" });
    await ok(client.api.courses[":courseId"].$put({ param, json: { name: "C3" } }));
    expect(await languagesOf(id)).toEqual({ questionLanguage: "de", answerLanguage: "en" });
  });

  it("refuses a tag not on the list with a clear error, and changes nothing", async () => {
    const { client, userId } = await signedInClient(app, db);
    const course = await createCourse(db, userId);
    const before = await courseSnapshot(db, course.id);
    for (const bad of ["klingon", "JA", "", "ja-JP-x-kana-and-more", 42]) {
      const res = await client.api.courses[":courseId"].$put({
        param: { courseId: String(course.id) },
        // Sent as any client may send it.
        json: { name: "Renamed", questionLanguage: bad } as never,
      });
      expect(res.status).toBe(400);
      const error = await issuesOf(res);
      expect(error.code).toBe("invalid_request");
      expect(error.issues).toEqual([{ path: ["questionLanguage"], key: "validation.card_language_invalid" }]);
    }
    expect(await courseSnapshot(db, course.id)).toEqual(before);

    const created = await client.api.courses.$post({ json: { name: "New", answerLanguage: "xx" } as never });
    expect(created.status).toBe(400);
    expect((await issuesOf(created)).issues).toEqual([
      { path: ["answerLanguage"], key: "validation.card_language_invalid" },
    ]);
  });

  it("gives a course made by an import its author's language, or the languages sent", async () => {
    const { client } = await signedInClient(app, db, { language: "ja" });
    const cards = Array.from({ length: 4 }, (_, i) => ({ question: `犬[いぬ] ${i}`, answer: `dog ${i}`, duration: 3 }));
    const send = (course: Record<string, unknown>) =>
      ok(
        client.api.imports.$post({
          json: {
            importId: randomUUID(),
            target: { kind: "new", course: { name: "Imported", ...course } },
            decks: [{ name: "D", description: "d", cards }],
          } as never,
        }),
      );
    const defaulted = await send({});
    expect(await languagesOf(defaulted.courseId)).toEqual({ questionLanguage: "ja", answerLanguage: "ja" });
    const given = await send({ questionLanguage: "ja", answerLanguage: "en" });
    expect(await languagesOf(given.courseId)).toEqual({ questionLanguage: "ja", answerLanguage: "en" });
  });

  it("puts each review card's side languages on it, from its course", async () => {
    const { client } = await signedInClient(app, db);
    const owner = await createUser(db);
    const course = await createCourse(db, owner.id, { decks: 1 });
    await db.update(courses).set({ questionLanguage: "ko", answerLanguage: "en" }).where(eq(courses.id, course.id));
    const queue = await ok(client.api.reviews.queue.$get({ query: { courseId: String(course.id) } }));
    expect(queue.cards.length).toBeGreaterThan(0);
    for (const card of queue.cards) expect(card).toMatchObject({ questionLanguage: "ko", answerLanguage: "en" });
  });
});
