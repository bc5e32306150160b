import { describe, expect, it } from "vitest";
import { englishText } from "./i18n";

describe("englishText", () => {
  it("states the limits from the shared constants", () => {
    expect(englishText("validation.course_name_too_long")).toBe(
      "The course name is too long (120 characters at most).",
    );
    expect(englishText("validation.tag_too_long")).toBe("A tag is too long (40 characters at most).");
  });

  it("still fills in the parameters it is given", () => {
    expect(englishText("search.title")).toBeTypeOf("string");
    expect(englishText("validation.no_such_key")).toBeUndefined();
  });
});
