import { describe, expect, it } from "vitest";
import { isLoopback, resolveConfig } from "./config";
import { loadEnv } from "./env";

const secret = "s".repeat(40);
const outboxFor = async (vars: Record<string, string>) =>
  (await resolveConfig(loadEnv({ AUTH_SECRET: secret, ...vars }))).outbox;

describe("the outbox's reach", () => {
  it("is this machine only by default, on a loopback address outside production", async () => {
    expect(await outboxFor({})).toBe("loopback");
    expect(await outboxFor({ HOST: "localhost" })).toBe("loopback");
    expect(await outboxFor({ HOST: "::1" })).toBe("loopback");
  });

  it("is off when the server listens on another address, or in production", async () => {
    expect(await outboxFor({ HOST: "0.0.0.0" })).toBe("off");
    expect(await outboxFor({ HOST: "192.168.1.20" })).toBe("off");
    expect(await outboxFor({ NODE_ENV: "production" })).toBe("off");
  });

  it("follows OUTBOX when it is set", async () => {
    expect(await outboxFor({ HOST: "0.0.0.0", OUTBOX: "true" })).toBe("anyone");
    expect(await outboxFor({ OUTBOX: "false" })).toBe("off");
  });

  it("knows loopback addresses", () => {
    for (const address of ["127.0.0.1", "127.8.9.10", "::1", "[::1]", "::ffff:127.0.0.1", "localhost"]) {
      expect(isLoopback(address)).toBe(true);
    }
    for (const address of ["0.0.0.0", "10.0.0.1", "::", "128.0.0.1", "unknown", "127.0.0.1.evil.example"]) {
      expect(isLoopback(address)).toBe(false);
    }
  });
});

describe("password hashing", () => {
  it("is the auth library's own outside the tests that choose a cheaper one", async () => {
    for (const NODE_ENV of ["production", "development"] as const) {
      const config = await resolveConfig(loadEnv({ AUTH_SECRET: secret, NODE_ENV }));
      expect(config.passwordHashing).toBeUndefined();
    }
  });
});
