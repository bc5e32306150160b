import { afterEach, describe, expect, it, vi } from "vitest";
import { randomId } from "./random-id";

const realCrypto = globalThis.crypto;
const getRandomValues = (a: Uint8Array<ArrayBuffer>) => realCrypto.getRandomValues(a);
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("randomId", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("is a version 4 UUID", () => {
    expect(randomId()).toMatch(UUID_V4);
  });

  it("works where crypto.randomUUID is missing (plain http on a network)", () => {
    vi.stubGlobal("crypto", { getRandomValues });
    const ids = new Set(Array.from({ length: 200 }, randomId));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(UUID_V4);
  });

  it("does not call randomUUID in an insecure context", () => {
    const randomUUID = vi.fn(() => "00000000-0000-4000-8000-000000000000");
    vi.stubGlobal("isSecureContext", false);
    vi.stubGlobal("crypto", { randomUUID, getRandomValues });
    expect(randomId()).toMatch(UUID_V4);
    expect(randomUUID).not.toHaveBeenCalled();
  });
});
