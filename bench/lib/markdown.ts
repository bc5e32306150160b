/** A Markdown table; the columns listed in `right` are numbers, aligned right. */
export function markdownTable(head: string[], lines: string[][], right: number[]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] as string).length)));
  const fmt = (cells: string[]) =>
    `| ${cells.map((c, i) => (right.includes(i) ? c.padStart(widths[i] as number) : c.padEnd(widths[i] as number))).join(" | ")} |`;
  return [
    fmt(head),
    `|${widths.map((w, i) => (right.includes(i) ? `${"-".repeat(w + 1)}:` : "-".repeat(w + 2))).join("|")}|`,
    ...lines.map(fmt),
  ].join("\n");
}
