/**
 * The decompressed size a zstd frame declares, read before decompressing, so that a small file
 * claiming gigabytes is refused without allocating them (RFC 8878, section 3.1.1.1).
 */
export function zstdContentSize(bytes: Uint8Array): number | null {
  if (bytes.length < 6 || bytes[0] !== 0x28 || bytes[1] !== 0xb5 || bytes[2] !== 0x2f || bytes[3] !== 0xfd) {
    return null;
  }
  const descriptor = bytes[4] as number;
  const sizeFlag = descriptor >> 6;
  const singleSegment = (descriptor >> 5) & 1;
  const dictionaryBytes = [0, 1, 2, 4][descriptor & 3] as number;
  let at = 5 + (singleSegment ? 0 : 1) + dictionaryBytes;
  const sizeBytes = [singleSegment ? 1 : 0, 2, 4, 8][sizeFlag] as number;
  if (sizeBytes === 0 || at + sizeBytes > bytes.length) return null;
  let size = 0;
  for (let i = 0; i < sizeBytes; i++) size += (bytes[at++] as number) * 2 ** (8 * i);
  return sizeBytes === 2 ? size + 256 : size;
}
