import { describe, expect, it } from "vitest";
import { INVALID_VALUE_KEY, isApiErrorBody, issuesFromZod } from "./errors";
import { courseInput } from "./schemas/course";
import { deckIdParams } from "./schemas/deck";

const issuesOf = (result: { error?: { issues: Parameters<typeof issuesFromZod>[0] } }) =>
  issuesFromZod(result.error?.issues ?? []);

describe("issues from a zod failure", () => {
  it("keeps a schema's translation key and the field's path", () => {
    const result = courseInput.safeParse({ name: " ", tags: ["ok", "x".repeat(41)] });
    expect(issuesOf(result)).toEqual([
      { path: ["name"], key: "validation.course_name_required" },
      { path: ["tags", 1], key: "validation.tag_too_long" },
    ]);
  });

  it("gives zod's own English failures the generic key", () => {
    expect(issuesOf(deckIdParams.safeParse({ deckId: "abc" }))).toEqual([{ path: ["deckId"], key: INVALID_VALUE_KEY }]);
    expect(issuesOf(courseInput.safeParse({ name: 5 }))).toEqual([{ path: ["name"], key: INVALID_VALUE_KEY }]);
  });
});

describe("the error body guard", () => {
  it("accepts the contract's shape, with or without issues", () => {
    expect(isApiErrorBody({ error: { code: "not_found", message: "Not found." } })).toBe(true);
    const issues = [{ path: ["cards", 0], key: "validation.question_too_long", params: { max: 500 } }];
    expect(isApiErrorBody({ error: { code: "invalid_request", message: "Too long.", issues } })).toBe(true);
  });

  it("refuses unknown codes and malformed issues", () => {
    expect(isApiErrorBody({ error: { code: "teapot", message: "x" } })).toBe(false);
    expect(isApiErrorBody({ error: { code: "invalid_request", message: "x", issues: [{ key: "a.b" }] } })).toBe(false);
    expect(isApiErrorBody({ error: { code: "invalid_request", message: "x", issues: "name" } })).toBe(false);
    expect(isApiErrorBody({ message: "x" })).toBe(false);
  });
});
