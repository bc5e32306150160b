import { describe, expect, it } from "vitest";
import { downloadName } from "./download-export";

describe("downloadName", () => {
  it("reads the real name from filename*, else the plain one", () => {
    expect(downloadName(`attachment; filename="course-7.csv"; filename*=UTF-8''%E6%97%A5%E6%9C%AC%E8%AA%9E.csv`)).toBe(
      "日本語.csv",
    );
    expect(downloadName('attachment; filename="Spanish numbers.apkg"')).toBe("Spanish numbers.apkg");
    expect(downloadName(`attachment; filename="x.txt"; filename*=UTF-8''%E0%A4`)).toBe("x.txt");
    expect(downloadName(null)).toBeUndefined();
  });
});
