import { describe, expect, it } from "vitest";
import { placeIssues } from "./form-issues";

const courseFields = new Set(["name", "description", "tags"]);
const isCourseField = (name: string) => courseFields.has(name);

describe("placing a refusal's issues on a form's fields", () => {
  it("puts each issue at the field its path names, the first one per field", () => {
    const placed = placeIssues(
      [
        { path: ["name"], key: "validation.course_name_required" },
        { path: ["name"], key: "validation.course_name_too_long", params: { max: 120 } },
        { path: ["description"], key: "validation.description_too_long" },
      ],
      isCourseField,
    );
    expect(placed.fields).toEqual([
      { field: "name", key: "validation.course_name_required" },
      { field: "description", key: "validation.description_too_long" },
    ]);
    expect(placed.general).toEqual([]);
  });

  it("shortens a path to the field that shows it (a tag of the list, at the tags input)", () => {
    const placed = placeIssues([{ path: ["tags", 3], key: "validation.tag_too_long" }], isCourseField);
    expect(placed.fields).toEqual([{ field: "tags", key: "validation.tag_too_long" }]);
  });

  it("keeps the request's own issues, and paths no field shows, for the form as a whole", () => {
    const general = [
      { path: [], key: "validation.four_flashcards_in_deck" },
      { path: ["owner"], key: "validation.invalid_value" },
    ];
    expect(placeIssues(general, isCourseField)).toEqual({ fields: [], general });
  });

  it("keeps params for the translation", () => {
    const placed = placeIssues([{ path: ["name"], key: "k.x", params: { max: 3 } }], isCourseField);
    expect(placed.fields).toEqual([{ field: "name", key: "k.x", params: { max: 3 } }]);
  });

  it("maps a request path to the form's own name first", () => {
    const placed = placeIssues(
      [
        { path: ["changed", 0, "answer"], key: "validation.each_flashcard_needs_answer" },
        { path: ["deleted", 0], key: "validation.card_not_in_deck" },
      ],
      (name) => name === "cards.4.answer",
      (path) => (path[0] === "changed" ? "cards.4.answer" : null),
    );
    expect(placed.fields).toEqual([{ field: "cards.4.answer", key: "validation.each_flashcard_needs_answer" }]);
    expect(placed.general).toEqual([{ path: ["deleted", 0], key: "validation.card_not_in_deck" }]);
  });
});
