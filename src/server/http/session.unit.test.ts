import { createHmac } from "node:crypto";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "./app-env";
import { currentUser, sessionToken, verifySignedToken } from "./session";

const SECRET = "unit-secret-that-is-long-enough-for-better-auth";
const sign = (token: string, secret = SECRET) =>
  encodeURIComponent(`${token}.${createHmac("sha256", secret).update(token).digest("base64")}`);

/** An app whose database and auth library fail the test if anything touches them. */
function appWithoutDatabase() {
  const touched: string[] = [];
  const trap = (name: string) =>
    new Proxy(
      {},
      {
        get(_, key) {
          if (name === "auth" && key === "$context") {
            return Promise.resolve({
              authCookies: { sessionToken: { name: "better-auth.session_token" } },
              secret: SECRET,
            });
          }
          touched.push(`${name}.${String(key)}`);
          throw new Error(`${name}.${String(key)} was used`);
        },
      },
    );
  const app = new Hono<AppEnv>();
  app.use("*", async (c, next) => {
    c.set("db", trap("db") as AppEnv["Variables"]["db"]);
    c.set("auth", trap("auth") as AppEnv["Variables"]["auth"]);
    await next();
  });
  app.get("/", async (c) => c.json({ user: await currentUser(c), token: await sessionToken(c) }));
  return { app, touched };
}

describe("session lookup", () => {
  it("does not touch the database or the auth library without a session cookie", async () => {
    const { app, touched } = appWithoutDatabase();
    for (const headers of [{}, { cookie: "theme=dark; other=1" }] as Record<string, string>[]) {
      const res = await app.request("/", { headers });
      expect(await res.json()).toEqual({ user: null, token: null });
    }
    expect(touched).toEqual([]);
  });

  it("does not touch the database for a cookie with a wrong signature", async () => {
    const { app, touched } = appWithoutDatabase();
    for (const value of [sign("abc", "another-secret-another-secret-another"), "abc", "abc.", "%E0%A4%A"]) {
      const res = await app.request("/", { headers: { cookie: `better-auth.session_token=${value}` } });
      expect(await res.json()).toEqual({ user: null, token: null });
    }
    expect(touched).toEqual([]);
  });

  it("verifies tokens signed as better-call signs them", () => {
    expect(verifySignedToken(sign("tok.en"), SECRET)).toBe("tok.en");
    expect(verifySignedToken(sign("token"), "x".repeat(40))).toBeNull();
    expect(verifySignedToken(`${sign("token").slice(0, -6)}AAAA%3D`, SECRET)).toBeNull();
  });
});
