import { describe, expect, it } from "vitest";
import { longTermAnswersIn, TRAINING_ANSWERS_PER_CARD_MAX, TrainingSetBuilder } from "./training-set";

describe("the optimiser's training set (decision 0046)", () => {
  it("keeps each card's answers in order with the days since its previous answer", () => {
    const builder = new TrainingSetBuilder();
    for (const row of [
      { cardId: 4, grade: 3, day: 100 },
      { cardId: 4, grade: 1, day: 100 }, // the same day: 0
      { cardId: 4, grade: 3, day: 103 },
      { cardId: 9, grade: 2, day: 101 },
      { cardId: 9, grade: 4, day: 111 },
      { cardId: 12, grade: 3, day: 105 }, // one answer: nothing to predict
    ]) {
      builder.add(row);
    }
    const set = builder.build();
    expect([...set.cardStarts]).toEqual([0, 3, 5, 6]);
    expect([...set.ratings]).toEqual([3, 1, 3, 2, 4, 3]);
    expect([...set.deltaDays]).toEqual([0, 0, 3, 0, 10, 0]);
    expect(longTermAnswersIn(set)).toBe(2);
  });

  it("uses a card's first answers only, up to the optimiser's history length", () => {
    const builder = new TrainingSetBuilder();
    for (let i = 0; i < TRAINING_ANSWERS_PER_CARD_MAX + 10; i += 1) builder.add({ cardId: 1, grade: 3, day: i });
    builder.add({ cardId: 2, grade: 3, day: 0 });
    const set = builder.build();
    expect(set.ratings.length).toBe(TRAINING_ANSWERS_PER_CARD_MAX + 1);
    expect([...set.cardStarts]).toEqual([0, TRAINING_ANSWERS_PER_CARD_MAX, TRAINING_ANSWERS_PER_CARD_MAX + 1]);
    expect(builder.answersRead).toBe(TRAINING_ANSWERS_PER_CARD_MAX + 11);
  });

  it("drops the last card when the read stopped inside it", () => {
    const builder = new TrainingSetBuilder();
    builder.add({ cardId: 1, grade: 3, day: 0 });
    builder.add({ cardId: 1, grade: 3, day: 2 });
    builder.add({ cardId: 2, grade: 3, day: 0 });
    builder.dropLastCard();
    const set = builder.build();
    expect([...set.cardStarts]).toEqual([0, 2]);
    expect([...set.ratings]).toEqual([3, 3]);
  });

  it("counts a clock moved back as the same day, and refuses a grade outside 1–4", () => {
    const builder = new TrainingSetBuilder();
    builder.add({ cardId: 1, grade: 3, day: 10 });
    builder.add({ cardId: 1, grade: 3, day: 9 });
    expect([...builder.build().deltaDays]).toEqual([0, 0]);
    expect(() => builder.add({ cardId: 1, grade: 0, day: 11 })).toThrow(/grade 0/);
  });
});
