import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { issueErrors } from "./form-alert";

const t = ((key: string, params?: Record<string, unknown>) =>
  params && Object.keys(params).length ? `${key}(${JSON.stringify(params)})` : key) as unknown as TFunction;

describe("issues as a form shows them", () => {
  it("marks each field its path names and says every distinct text once in the alert", () => {
    const errors = issueErrors(
      [
        { path: ["cards", 0, "question"], key: "validation.each_flashcard_needs_question" },
        { path: ["cards", 2, "question"], key: "validation.each_flashcard_needs_question" },
        { path: [], key: "validation.four_flashcards_in_deck" },
        { path: ["name"], key: "validation.course_name_too_long", params: { max: 120 } },
      ],
      t,
    );
    expect(errors.fields).toEqual({
      "cards.0.question": "validation.each_flashcard_needs_question",
      "cards.2.question": "validation.each_flashcard_needs_question",
      name: 'validation.course_name_too_long({"max":120})',
    });
    expect(errors.alert).toBe(
      'validation.each_flashcard_needs_question validation.four_flashcards_in_deck validation.course_name_too_long({"max":120})',
    );
  });

  it("has no alert without issues", () => {
    expect(issueErrors([], t)).toEqual({ alert: null, fields: {} });
  });
});
