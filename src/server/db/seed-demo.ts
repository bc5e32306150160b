/**
 * Loads the demo courses into an empty database. Runs at start when SEED_DEMO is on; does nothing
 * once the demo account exists, so a restart never duplicates or resurrects content.
 */
import { eq } from "drizzle-orm";
import type { Database } from "./client";
import { demoCourses, demoFollowCounts } from "./demo-content";
import { courses, courseTags, decks, flashcards, followedCourses, users } from "./schema";

export const DEMO_OWNER = { id: "demo-owner", name: "Flashcards Demo", email: "demo@flashcards.example" };
const demoLearner = (n: number) => ({
  id: `demo-learner-${n}`,
  name: `Demo Learner ${n}`,
  email: `learner${n}@flashcards.example`,
});

function parseCards(block: string) {
  return block
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => {
      const [question = "", answer = ""] = line.split(" | ");
      return { question: question.trim(), correctAnswer: answer.trim() };
    });
}

/** Returns true when it loaded the demo content, false when it was already there. */
export async function seedDemo(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const existing = await tx.select({ id: users.id }).from(users).where(eq(users.id, DEMO_OWNER.id));
    if (existing.length > 0) return false;

    const learnerCount = Object.values(demoFollowCounts).reduce((most, count) => Math.max(most, count), 0);
    const learners = Array.from({ length: learnerCount }, (_, i) => demoLearner(i + 1));
    await tx
      .insert(users)
      .values([{ ...DEMO_OWNER, emailVerified: true }, ...learners.map((l) => ({ ...l, emailVerified: true }))]);

    const courseIdByKey = new Map<string, number>();
    for (const course of demoCourses) {
      const [inserted] = await tx
        .insert(courses)
        .values({
          userId: DEMO_OWNER.id,
          name: course.name,
          description: course.description,
          questionLanguage: course.questionLanguage,
          answerLanguage: course.answerLanguage,
        })
        .returning({ id: courses.id });
      if (!inserted) throw new Error("course insert returned nothing");
      courseIdByKey.set(course.key, inserted.id);
      await tx.insert(courseTags).values(course.tags.map((tag) => ({ courseId: inserted.id, tag })));

      const insertedDecks = await tx
        .insert(decks)
        .values(
          course.decks.map((deck, i) => ({
            courseId: inserted.id,
            userId: DEMO_OWNER.id,
            name: deck.name,
            description: deck.description,
            level: i + 1,
          })),
        )
        .returning({ id: decks.id, level: decks.level });
      const cards = insertedDecks.flatMap(({ id, level }) => {
        const deck = course.decks[level - 1];
        if (!deck) return [];
        return parseCards(deck.cards).map((card) => ({ ...card, deckId: id, duration: deck.duration }));
      });
      await tx.insert(flashcards).values(cards);
    }

    const follows = Object.entries(demoFollowCounts).flatMap(([key, count]) => {
      const courseId = courseIdByKey.get(key);
      if (courseId === undefined) throw new Error(`demo follow names an unknown course: ${key}`);
      return learners.slice(0, count).map((learner) => ({ userId: learner.id, courseId }));
    });
    await tx.insert(followedCourses).values(follows);
    return true;
  });
}
