/**
 * The charts' colors come from the theme's custom properties (global.css), read when a chart is
 * drawn, so a theme change reaches the canvas too. The heatmap's shades are mixed from two of them.
 */

export interface ChartColors {
  text: string;
  muted: string;
  grid: string;
  surface: string;
  accent: string;
  accentStrong: string;
  success: string;
  /** Heatmap shades: no reviews, then the four quarters of the busiest day. */
  heat: [string, string, string, string, string];
}

const FALLBACK = {
  text: "#161a2b",
  muted: "#4f566b",
  grid: "#dde1ec",
  surface: "#ffffff",
  sunken: "#eef0f6",
  soft: "#e8e8fb",
  accent: "#5b5bd6",
  accentStrong: "#4343b8",
  accentStronger: "#34349a",
  success: "#1c7a4a",
};

function parseHex(color: string): [number, number, number] | null {
  const hex = color.trim().replace(/^#/, "");
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join("") : hex;
  if (!/^[0-9a-f]{6}$/i.test(full)) return null;
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

/** `from` mixed with `to` at `share` (0–1), for #rgb / #rrggbb colors; `to` when either is another form. */
export function mix(from: string, to: string, share: number): string {
  const a = parseHex(from);
  const b = parseHex(to);
  if (!a || !b) return to;
  return `#${a
    .map((value, i) => Math.round(value + ((b[i] ?? value) - value) * share))
    .map((value) => value.toString(16).padStart(2, "0"))
    .join("")}`;
}

/** The theme's colors as the page has them now. */
export function chartColors(element: Element = document.documentElement): ChartColors {
  const style = getComputedStyle(element);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  const sunken = read("--surface-sunken", FALLBACK.sunken);
  const soft = read("--accent-soft", FALLBACK.soft);
  const stronger = read("--accent-stronger", FALLBACK.accentStronger);
  const accent = read("--accent", FALLBACK.accent);
  return {
    text: read("--text", FALLBACK.text),
    muted: read("--text-muted", FALLBACK.muted),
    grid: read("--border", FALLBACK.grid),
    surface: read("--surface", FALLBACK.surface),
    accent,
    accentStrong: read("--accent-strong", FALLBACK.accentStrong),
    success: read("--success", FALLBACK.success),
    heat: [sunken, mix(soft, accent, 0.35), mix(soft, accent, 0.75), accent, stronger],
  };
}
