import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

const apiPort = process.env.PORT ?? "3000";

/** Text files worth compressing; smaller ones gain less than the header costs. */
const COMPRESSIBLE_FILE = /\.(?:js|mjs|css|svg|json|txt|html)$/;
const MIN_COMPRESS_BYTES = 1024;

/**
 * Writes `file.br` and `file.gz` beside every built text asset, at the strongest settings (once per
 * build, so the server never compresses a static file per request). The server sends them with
 * serveStatic's `precompressed` option; a file whose compressed form is not smaller gets none.
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzipAsync = promisify(gzip);
  let outDir = "";
  return {
    name: "flashcards:precompress",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async writeBundle(options, bundle) {
      const dir = options.dir ?? outDir;
      const files = Object.keys(bundle).filter((name) => name.startsWith("assets/") && COMPRESSIBLE_FILE.test(name));
      await Promise.all(
        files.map(async (name) => {
          const path = join(dir, name);
          const raw = await readFile(path);
          if (raw.byteLength < MIN_COMPRESS_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(raw, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: raw.byteLength,
              },
            }),
            gzipAsync(raw, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          if (br.byteLength < raw.byteLength) await writeFile(`${path}.br`, br);
          if (gz.byteLength < raw.byteLength) await writeFile(`${path}.gz`, gz);
        }),
      );
    },
  };
}

export default defineConfig(({ command, mode }) => {
  // A build started from a process with another NODE_ENV (the test runner sets "test") would
  // otherwise bundle React's development build and JSX's development runtime: three times the size.
  if (command === "build" && mode === "production") process.env.NODE_ENV = "production";
  return {
    root: "src/client",
    plugins: [react(), precompress()],
    build: {
      outDir: "../../dist/client",
      emptyOutDir: true,
      // The favicon is a hashed file like every asset (cached for a year), not a data: URL in the HTML.
      assetsInlineLimit: (file: string) => (file.endsWith("favicon.svg") ? false : undefined),
    },
    server: {
      // In development the API runs in its own process (npm run dev starts both).
      proxy: {
        "/api": `http://127.0.0.1:${apiPort}`,
        "/dev": `http://127.0.0.1:${apiPort}`,
      },
    },
  };
});
