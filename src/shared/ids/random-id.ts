/**
 * A random RFC 4122 version 4 id. `crypto.randomUUID` exists only in secure contexts (https or
 * localhost); `crypto.getRandomValues` exists everywhere, so a server reached over plain http on a
 * network (HOST=0.0.0.0) still records answers, passes and imports.
 */
export function randomId(): string {
  if (typeof crypto.randomUUID === "function" && globalThis.isSecureContext !== false) return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] as number) & 0x0f) | 0x40;
  b[8] = ((b[8] as number) & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
