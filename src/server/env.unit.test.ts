import { describe, expect, it } from "vitest";
import { EnvError, loadEnv } from "./env";

describe("loadEnv", () => {
  it("needs nothing: every variable has a default", () => {
    expect(loadEnv({})).toMatchObject({ HOST: "127.0.0.1", PORT: 3000, DATA_DIR: "./data", SEED_DEMO: true });
    expect(loadEnv({}).DATABASE_URL).toBeUndefined();
  });

  it("reads the values given", () => {
    const env = loadEnv({ PORT: "8080", DATABASE_URL: "postgres://u@db:5432/app", SEED_DEMO: "false" });
    expect(env).toMatchObject({ PORT: 8080, DATABASE_URL: "postgres://u@db:5432/app", SEED_DEMO: false });
  });

  it("treats empty values as unset", () => {
    const env = loadEnv({ PORT: "", DATABASE_URL: "" });
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it.each([
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["DATABASE_URL", "mysql://localhost/db"],
    ["SEED_DEMO", "maybe"],
    ["APP_ORIGIN", "not a url"],
    ["AUTH_SECRET", "short"],
    ["SMTP_URL", "http://mail"],
    ["NODE_ENV", "staging"],
  ])("refuses a bad %s with a message naming it", (name, value) => {
    expect(() => loadEnv({ [name]: value })).toThrow(EnvError);
    expect(() => loadEnv({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });
});
