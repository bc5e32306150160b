/**
 * A size as people read it, in the page's language: "0 bytes", "512 bytes", "12.3 kB", "1.4 MB"
 * ("0バイト", "12.3 KB" in Japanese). Bytes are counted words, so they come from the translations
 * (`sayBytes`, plural-aware); Intl's short unit for them is the untranslated "byte" in every language.
 * A line never breaks between the number and its unit (no-break spaces).
 */
export function formatSize(bytes: number, language: string, sayBytes: (count: number) => string): string {
  return unbroken(bytes < 1000 ? sayBytes(bytes) : inUnits(bytes, language));
}

function inUnits(bytes: number, language: string): string {
  const [value, unit] = bytes >= 1_000_000 ? [bytes / 1_000_000, "megabyte"] : [bytes / 1000, "kilobyte"];
  return new Intl.NumberFormat(language, {
    style: "unit",
    unit,
    unitDisplay: "short",
    maximumFractionDigits: 1,
  }).format(value);
}

const unbroken = (text: string) => text.replace(/\s/g, "\u00a0");
