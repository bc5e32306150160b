/** A size in bytes as people read it, in the page's language: "12 kB", "1.4 MB". */
export function formatSize(bytes: number, language: string): string {
  const [value, unit] =
    bytes >= 1_000_000 ? [bytes / 1_000_000, "megabyte"] : bytes >= 1000 ? [bytes / 1000, "kilobyte"] : [bytes, "byte"];
  return new Intl.NumberFormat(language, {
    style: "unit",
    unit,
    unitDisplay: "short",
    maximumFractionDigits: unit === "byte" ? 0 : 1,
  }).format(value);
}
