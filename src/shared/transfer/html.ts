/**
 * Anki fields are HTML. The course keeps plain text: line breaks stay, markup goes, entities are
 * decoded. A small hand-written pass (no DOM in Node or in a worker) is enough for field HTML.
 */

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  ndash: "–",
  mdash: "—",
  hellip: "…",
  laquo: "«",
  raquo: "»",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
  middot: "·",
  times: "×",
  divide: "÷",
  deg: "°",
  copy: "©",
  reg: "®",
  eacute: "é",
  egrave: "è",
  aacute: "á",
  agrave: "à",
  iacute: "í",
  oacute: "ó",
  uacute: "ú",
  ntilde: "ñ",
  uuml: "ü",
  ouml: "ö",
  auml: "ä",
  szlig: "ß",
  ccedil: "ç",
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : "";
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

const FORMATTING = /<(b|i|u|strong|em|span|font|sub|sup|ul|ol|li|table|div|p|h[1-6]|code|pre|a|mark|s|strike)\b/i;
/** Elements removed with everything inside them (scripts and styles) or counted as media. */
const DROPPED_WITH_CONTENT = new Set(["script", "style"]);
const MEDIA_WITH_CONTENT = new Set(["audio", "video"]);
const MEDIA_TAGS = new Set(["img", "source"]);
/** Tags that end a line: `<br>`, `<hr>` and the end of a block. */
const OPENING_BREAKS = new Set(["br", "hr"]);
const CLOSING_BREAKS = new Set(["div", "p", "li", "h1", "h2", "h3", "h4", "h5", "h6", "tr", "blockquote", "pre"]);
const TAG_NAME = /<(\/?)([a-z][a-z0-9]*)/iy;
const SPECIAL = /[<[\r\n]/g;

export interface PlainText {
  text: string;
  hadMedia: boolean;
  hadFormatting: boolean;
}

/**
 * The next position of what a pattern finds at or after `from`, remembered: the scan only moves
 * forward, so a search is repeated only once the scan has passed its last answer, and no stretch of
 * the text is searched twice. (Regular expressions over the whole text, `<[^>]*>` for one, search
 * to the end again from every `<`: 100 KB of `<` took seconds.)
 */
function forwardFinder(html: string, pattern: RegExp) {
  const global = new RegExp(pattern.source, `${pattern.flags.replace("g", "")}g`);
  let found: { from: number; at: number; end: number } | null = null;
  return (from: number): { at: number; end: number } | null => {
    if (found && found.from <= from && (found.at < 0 || found.at >= from)) {
      return found.at < 0 ? null : found;
    }
    global.lastIndex = from;
    const match = global.exec(html);
    found = match ? { from, at: match.index, end: match.index + match[0].length } : { from, at: -1, end: -1 };
    return match ? found : null;
  };
}

/**
 * HTML to plain text in one pass over the text: media references removed, breaks kept, whitespace
 * tidied. Any `<…>` is a tag (dropped), a `<` with no `>` after it is text; scripts, styles, audio
 * and video go with their content.
 */
export function htmlToText(html: string): PlainText {
  const hadFormatting = FORMATTING.test(html);
  let hadMedia = false;
  const tagEnd = forwardFinder(html, />/);
  const soundEnd = forwardFinder(html, /\]/);
  const closings = new Map<string, ReturnType<typeof forwardFinder>>();
  const closing = (name: string) => {
    const finder = closings.get(name) ?? forwardFinder(html, new RegExp(`</${name}>`, "i"));
    closings.set(name, finder);
    return finder;
  };
  const out: string[] = [];
  let at = 0;
  SPECIAL.lastIndex = 0;
  for (let match = SPECIAL.exec(html); match; match = SPECIAL.exec(html)) {
    const i = match.index;
    out.push(html.slice(at, i));
    at = i + 1;
    const char = html[i];
    if (char === "\r" || char === "\n") {
      // A raw line break in HTML source is only a space; breaks come from <br> and block ends.
      out.push(" ");
      if (char === "\r" && html[i + 1] === "\n") at = i + 2;
    } else if (char === "[") {
      const end = html.slice(i, i + 7).toLowerCase() === "[sound:" ? soundEnd(i) : null;
      if (end) {
        hadMedia = true;
        at = end.end;
      } else out.push("[");
    } else {
      const end = tagEnd(i);
      if (!end) {
        out.push("<");
      } else {
        at = end.end;
        TAG_NAME.lastIndex = i;
        const tag = TAG_NAME.exec(html);
        const name = tag && tag.index + tag[0].length <= end.at + 1 ? (tag[2] ?? "").toLowerCase() : "";
        const closes = tag?.[1] === "/";
        if (!closes && (DROPPED_WITH_CONTENT.has(name) || MEDIA_WITH_CONTENT.has(name))) {
          const close = closing(name)(end.end);
          if (MEDIA_WITH_CONTENT.has(name)) hadMedia = true;
          if (close) at = close.end;
        } else if (!closes && MEDIA_TAGS.has(name)) hadMedia = true;
        else if (closes ? CLOSING_BREAKS.has(name) : OPENING_BREAKS.has(name)) out.push("\n");
      }
    }
    SPECIAL.lastIndex = at;
  }
  out.push(html.slice(at));
  // Other whitespace is kept as written (an exported card's tab or double space comes back unchanged).
  const text = decodeEntities(out.join(""))
    .replace(/\u00a0/g, " ")
    .split("\n")
    .map((line) => line.trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return { text, hadMedia, hadFormatting };
}
