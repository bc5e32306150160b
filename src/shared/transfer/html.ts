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

const MEDIA = /<img\b[^>]*>|\[sound:[^\]]*\]|<(audio|video)\b[\s\S]*?<\/\1>|<(audio|video|source)\b[^>]*>/gi;
const BLOCK_BREAK = /<br\s*\/?>|<\/(div|p|li|h[1-6]|tr|blockquote|pre)>|<(hr)\b[^>]*>/gi;
const FORMATTING = /<(b|i|u|strong|em|span|font|sub|sup|ul|ol|li|table|div|p|h[1-6]|code|pre|a|mark|s|strike)\b/i;

export interface PlainText {
  text: string;
  hadMedia: boolean;
  hadFormatting: boolean;
}

/** HTML to plain text: media references removed, breaks kept, whitespace tidied. */
export function htmlToText(html: string): PlainText {
  const hadMedia = MEDIA.test(html);
  MEDIA.lastIndex = 0;
  const hadFormatting = FORMATTING.test(html);
  // A raw line break in HTML source is only a space; breaks come from <br> and block ends. Other
  // whitespace is kept as written (an exported card's tab or double space comes back unchanged).
  const text = decodeEntities(
    html
      .replace(/\r\n?|\n/g, " ")
      .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, "")
      .replace(MEDIA, "")
      .replace(BLOCK_BREAK, "\n")
      .replace(/<[^>]*>/g, ""),
  )
    .replace(/\u00a0/g, " ")
    .split("\n")
    .map((line) => line.trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return { text, hadMedia, hadFormatting };
}
