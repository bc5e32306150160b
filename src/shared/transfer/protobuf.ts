/**
 * The two protobuf messages an import reads (anki21b's media list and a note type's kind) need
 * only varints and length-delimited fields; a 40-line reader is smaller and easier to audit than a
 * protobuf library with generated code for Anki's .proto files (decision 0026).
 */

export type ProtoValue = number | Uint8Array;

export interface ProtoField {
  field: number;
  value: ProtoValue;
}

function readVarint(bytes: Uint8Array, start: number): [number, number] {
  let result = 0;
  let shift = 0;
  let at = start;
  while (at < bytes.length) {
    const byte = bytes[at++] as number;
    // Beyond 2^53 precision is lost; the fields read here are small.
    result += (byte & 0x7f) * 2 ** shift;
    if ((byte & 0x80) === 0) return [result, at];
    shift += 7;
    if (shift > 63) break;
  }
  throw new RangeError("Malformed varint");
}

/** The top-level fields of one message, in order. */
export function readMessage(bytes: Uint8Array): ProtoField[] {
  const fields: ProtoField[] = [];
  let at = 0;
  while (at < bytes.length) {
    const [key, next] = readVarint(bytes, at);
    at = next;
    const field = Math.floor(key / 8);
    const wire = key & 7;
    if (wire === 0) {
      const [value, after] = readVarint(bytes, at);
      fields.push({ field, value });
      at = after;
    } else if (wire === 2) {
      const [length, after] = readVarint(bytes, at);
      if (after + length > bytes.length) throw new RangeError("Truncated field");
      fields.push({ field, value: bytes.subarray(after, after + length) });
      at = after + length;
    } else if (wire === 1) at += 8;
    else if (wire === 5) at += 4;
    else throw new RangeError(`Unsupported wire type ${wire}`);
  }
  if (at > bytes.length) throw new RangeError("Truncated message");
  return fields;
}

const utf8 = new TextDecoder();

/** anki21b's `media` file: MediaEntries { repeated MediaEntry entries = 1 } with MediaEntry.name = 1. */
export function readMediaEntries(bytes: Uint8Array): string[] {
  return readMessage(bytes)
    .filter((f) => f.field === 1 && f.value instanceof Uint8Array)
    .map((entry) => {
      const name = readMessage(entry.value as Uint8Array).find((f) => f.field === 1);
      return name?.value instanceof Uint8Array ? utf8.decode(name.value) : "";
    });
}

/** A note type's config (schema 15+): `kind` is field 1, 1 for cloze. */
export function isClozeConfig(config: Uint8Array): boolean {
  return readMessage(config).some((f) => f.field === 1 && f.value === 1);
}
