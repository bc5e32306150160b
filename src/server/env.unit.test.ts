import { describe, expect, it } from "vitest";
import { EnvError, loadEnv } from "./env";

const SECRET = "a-secret-that-is-at-least-32-characters-long";

describe("loadEnv", () => {
  it("needs nothing: every variable has a default", () => {
    expect(loadEnv({})).toMatchObject({
      HOST: "127.0.0.1",
      PORT: 3000,
      DATA_DIR: "./data",
      SEED_DEMO: true,
      TRUST_PROXY: 0,
      SHUTDOWN_TIMEOUT: 25,
    });
    expect(loadEnv({}).DATABASE_URL).toBeUndefined();
  });

  it("reads the values given", () => {
    const env = loadEnv({
      PORT: "8080",
      DATABASE_URL: "postgres://u@db:5432/app",
      AUTH_SECRET: SECRET,
      SEED_DEMO: "false",
      SHUTDOWN_TIMEOUT: "10",
    });
    expect(env).toMatchObject({
      PORT: 8080,
      DATABASE_URL: "postgres://u@db:5432/app",
      AUTH_SECRET: SECRET,
      SEED_DEMO: false,
      SHUTDOWN_TIMEOUT: 10,
    });
  });

  it("treats empty values as unset", () => {
    const env = loadEnv({ PORT: "", DATABASE_URL: "" });
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it.each([
    ["false", 0],
    ["true", 1],
    ["0", 0],
    ["1", 1],
    ["2", 2],
  ])("reads TRUST_PROXY=%s as %i trusted proxies", (value, hops) => {
    expect(loadEnv({ TRUST_PROXY: value }).TRUST_PROXY).toBe(hops);
  });

  it("refuses PostgreSQL without AUTH_SECRET, saying how to make one", () => {
    // Each process would generate its own secret: sessions and mailed links would fail across them.
    const start = () => loadEnv({ DATABASE_URL: "postgres://u@db:5432/app" });
    expect(start).toThrow(EnvError);
    expect(start).toThrow(/AUTH_SECRET: must be set when DATABASE_URL is set/);
    expect(start).toThrow(/openssl rand -base64 32/);
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
    ["TRUST_PROXY", "yes"],
    ["TRUST_PROXY", "-1"],
    ["SHUTDOWN_TIMEOUT", "0"],
    ["SHUTDOWN_TIMEOUT", "soon"],
  ])("refuses a bad %s with a message naming it", (name, value) => {
    expect(() => loadEnv({ [name]: value })).toThrow(EnvError);
    expect(() => loadEnv({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });
});
