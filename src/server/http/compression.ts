/**
 * Compression of replies made at run time (JSON, the app's HTML, error pages); the built assets
 * arrive precompressed from the build (decision 0015).
 */
import { Duplex } from "node:stream";
import { promisify } from "node:util";
import { brotliCompress, createBrotliCompress, createGzip, gzip, constants as zlibConstants } from "node:zlib";
import type { MiddlewareHandler } from "hono";

/** Text worth compressing: HTML, JSON, scripts, styles, SVG (not event streams, not images). */
const COMPRESSIBLE_TYPE =
  /^\s*(?:text\/(?!event-stream)[^;\s]+|application\/(?:json|javascript|xml|manifest\+json)|image\/svg\+xml|[^;\s]+\+(?:json|xml))(?:[;\s]|$)/i;
/** Below this a compressed reply saves less than a round trip's worth of bytes. */
const MIN_COMPRESS_BYTES = 1024;
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The encoding to send for an Accept-Encoding header: brotli, else gzip, else none. Weights are
 * honoured (`br;q=0` refuses brotli); `*` stands for any encoding not named.
 */
export function chooseEncoding(acceptEncoding: string | undefined): "br" | "gzip" | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (name) weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: string) => weights.get(name) ?? weights.get("*") ?? 0;
  const br = weightOf("br");
  const gz = Math.max(weightOf("gzip"), weights.get("x-gzip") ?? 0);
  if (br > 0 && br >= gz) return "br";
  if (gz > 0) return "gzip";
  return null;
}

/**
 * A streamed reply compressed as it goes (the middleware below would wait for the whole body): the
 * body and the headers to send, or the body as it is when the request accepts no compression.
 */
export function compressStream(
  body: ReadableStream<Uint8Array<ArrayBuffer>>,
  acceptEncoding: string | undefined,
): { body: ReadableStream<Uint8Array<ArrayBuffer>>; headers: Record<string, string> } {
  const encoding = chooseEncoding(acceptEncoding);
  if (!encoding) return { body, headers: { Vary: "Accept-Encoding" } };
  const compressor =
    encoding === "br"
      ? createBrotliCompress({ params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
      : createGzip({ level: 6 });
  const transform = Duplex.toWeb(compressor) as unknown as ReadableWritablePair<
    Uint8Array<ArrayBuffer>,
    Uint8Array<ArrayBuffer>
  >;
  return { body: body.pipeThrough(transform), headers: { "Content-Encoding": encoding, Vary: "Accept-Encoding" } };
}

/**
 * Compresses replies that are not compressed yet (JSON, the app's HTML, error pages) with brotli at
 * a fast level, or gzip, as the request accepts. Static assets arrive already compressed from the
 * build. Every compressible reply says `Vary: Accept-Encoding`, so caches keep the forms apart.
 */
export const compression: MiddlewareHandler = async (c, next) => {
  await next();
  const res = c.res;
  if (!COMPRESSIBLE_TYPE.test(res.headers.get("content-type") ?? "")) return;
  const vary = res.headers.get("vary");
  if (!vary?.toLowerCase().includes("accept-encoding")) {
    res.headers.set("vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
  }
  // Decide from the status and headers first: reading `res.body` turns the Node adapter's
  // lightweight reply into a full web Response (streams and all), a tenth of a hot read's CPU.
  if (
    c.req.method === "HEAD" ||
    res.status === 204 ||
    res.status === 206 ||
    res.status === 304 ||
    res.headers.has("content-encoding") ||
    /\bno-transform\b/i.test(res.headers.get("cache-control") ?? "")
  ) {
    return;
  }
  const declaredLength = res.headers.get("content-length");
  if (declaredLength !== null && Number(declaredLength) < MIN_COMPRESS_BYTES) return;
  const encoding = chooseEncoding(c.req.header("accept-encoding"));
  if (!encoding || !res.body) return;

  const raw = Buffer.from(await res.arrayBuffer());
  let body: Buffer = raw;
  if (raw.byteLength >= MIN_COMPRESS_BYTES) {
    body =
      encoding === "br"
        ? await brotliAsync(raw, {
            params: {
              [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
              [zlibConstants.BROTLI_PARAM_SIZE_HINT]: raw.byteLength,
            },
          })
        : await gzipAsync(raw, { level: 6 });
  }
  // Replace the reply whole: Hono would otherwise copy the old Content-Length onto the new one.
  const headers = new Headers(res.headers);
  if (body !== raw) {
    headers.set("content-encoding", encoding);
    // The compressed bytes are another representation: a strong validator would claim the same
    // bytes. Weak, it still matches an If-None-Match of either form (http/cache.ts compares both).
    const etag = headers.get("etag");
    if (etag && !etag.startsWith("W/")) headers.set("etag", `W/${etag}`);
  }
  headers.set("content-length", String(body.byteLength));
  c.res = undefined;
  c.res = new Response(new Uint8Array(body), {
    status: res.status,
    statusText: res.statusText,
    headers,
  });
};
