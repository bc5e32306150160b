/**
 * A cheaper password hash for the sign-in limit tests: scrypt in Better Auth's format (salt:key in
 * hex) at a fraction of its cost. The library's default costs ~0.1 s of CPU per sign-in and those
 * tests make about 150; what they check is which guesses are answered, not how slow a guess is.
 * Every other test, the browser tests and the product use the library's own hash
 * (docs/decisions/0020).
 */
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import type { PasswordHashing } from "../config";

const COST = { N: 1024, r: 4, p: 1, maxmem: 8 * 1024 * 1024 };
const KEY_LENGTH = 32;

const derive = (password: string, salt: string) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, COST, (error, key) => (error ? reject(error) : resolve(key))),
  );

export const testPasswordHashing: PasswordHashing = {
  async hash(password) {
    const salt = randomBytes(16).toString("hex");
    return `${salt}:${(await derive(password, salt)).toString("hex")}`;
  },
  async verify({ hash, password }) {
    const [salt, key] = hash.split(":");
    if (!salt || !key) return false;
    const expected = Buffer.from(key, "hex");
    const actual = await derive(password, salt);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  },
};
