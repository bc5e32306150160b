/**
 * Built export files kept in memory per course version (decision 0037): the same export of an
 * unchanged course is sent again instead of rebuilt. Bounded by bytes; the least recently used
 * files go first, and a course's older version of a format goes as soon as a newer one is kept.
 */
export interface CachedExport {
  /** What the file was built from: the course version and format (export-version.ts). */
  key: string;
  /** Course and format, without the version: one entry each. */
  slot: string;
  bytes: Uint8Array<ArrayBuffer>;
}

export class ExportCache {
  private readonly entries = new Map<string, CachedExport>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(slot: string, key: string): Uint8Array<ArrayBuffer> | undefined {
    const entry = this.entries.get(slot);
    if (entry?.key !== key) return undefined;
    // Most recently used last.
    this.entries.delete(slot);
    this.entries.set(slot, entry);
    return entry.bytes;
  }

  set(entry: CachedExport): void {
    this.remove(entry.slot);
    if (entry.bytes.byteLength > this.maxBytes) return;
    this.entries.set(entry.slot, entry);
    this.bytes += entry.bytes.byteLength;
    for (const [slot] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(slot);
    }
  }

  private remove(slot: string) {
    const old = this.entries.get(slot);
    if (!old) return;
    this.entries.delete(slot);
    this.bytes -= old.bytes.byteLength;
  }
}
