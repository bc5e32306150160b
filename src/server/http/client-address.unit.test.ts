import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { clientAddress } from "./client-address";

/** The address a route sees for a request with these X-Forwarded-For headers. */
async function addressSeen(trustedProxies: number, ...forwarded: string[]) {
  const app = new Hono().get("/", (c) => c.text(clientAddress(c, trustedProxies)));
  const headers = new Headers();
  for (const value of forwarded) headers.append("x-forwarded-for", value);
  return (await app.request("/", { headers })).text();
}

describe("clientAddress", () => {
  it("behind one proxy, takes the entry the proxy appended, not the client's own", async () => {
    // A client that writes X-Forwarded-For itself gets the real address appended after its entries.
    expect(await addressSeen(1, "203.0.113.9, 198.51.100.7")).toBe("198.51.100.7");
    expect(await addressSeen(1, "10.0.0.1,10.0.0.2 , 198.51.100.7")).toBe("198.51.100.7");
  });

  it("reads the single entry a proxy writes when the client sent none", async () => {
    expect(await addressSeen(1, "198.51.100.7")).toBe("198.51.100.7");
  });

  it("counts a configured number of proxies from the right", async () => {
    // client → outer proxy (appends the client) → inner proxy (appends the outer one) → server
    expect(await addressSeen(2, "203.0.113.9, 198.51.100.7, 10.0.0.5")).toBe("198.51.100.7");
    expect(await addressSeen(2, "198.51.100.7, 10.0.0.5")).toBe("198.51.100.7");
  });

  it("treats repeated headers as one list in order", async () => {
    expect(await addressSeen(1, "203.0.113.9", "198.51.100.7")).toBe("198.51.100.7");
  });

  it("uses the leftmost entry when there are fewer entries than proxies", async () => {
    expect(await addressSeen(3, "198.51.100.7, 10.0.0.5")).toBe("198.51.100.7");
  });

  it("ignores the header when no proxy is trusted", async () => {
    // In-process requests have no socket: the fallback is "unknown", never the header's value.
    expect(await addressSeen(0, "203.0.113.9")).toBe("unknown");
  });

  it("falls back to the socket when the header is missing or empty", async () => {
    expect(await addressSeen(1)).toBe("unknown");
    expect(await addressSeen(1, " , ")).toBe("unknown");
  });
});
