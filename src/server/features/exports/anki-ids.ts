/**
 * Identifiers that stay the same from one export to the next (docs/decisions/0028-exports.md).
 * Anki recognises a note it has seen by its GUID, so a card's GUID is derived from the card's id
 * and this site's host: exporting again and importing in Anki updates the notes instead of
 * duplicating them, while two sites' card 17 never collide.
 */
import { createHash } from "node:crypto";

/** Anki's base-91 alphabet for GUIDs (letters, digits, then these marks), as its own utils write them. */
const BASE91 = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&()*+,-./:;<=>?@[]^_`{|}~";

function digest(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}

/** The site part of every identifier: the host of the public origin (scheme left out, so http→https keeps it). */
export function siteKey(origin: string): string {
  return new URL(origin).host.toLowerCase();
}

/** A 64-bit number written in base 91, as Anki writes the GUIDs it makes (at most 10 characters). */
export function base91(value: bigint): string {
  let rest = value;
  let text = "";
  do {
    text = BASE91[Number(rest % 91n)] + text;
    rest /= 91n;
  } while (rest > 0n);
  return text;
}

/** The note GUID of one of our cards: the first 64 bits of SHA-256("site|card|id"), in base 91. */
export function cardGuid(site: string, cardId: number): string {
  return base91(digest(`${site}|card|${cardId}`).readBigUInt64BE(0));
}

/**
 * A stable id in the range of Anki's own (milliseconds since 1970, between 2017 and 2020 here), for
 * the note type: Anki matches note types by id, so a re-import reuses the one it made the first time.
 */
export function stableAnkiId(site: string, kind: string, id: number | string = 0): number {
  const spread = digest(`${site}|${kind}|${id}`).readUIntBE(0, 6) % 100_000_000_000;
  return 1_500_000_000_000 + spread;
}
