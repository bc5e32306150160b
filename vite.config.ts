import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { type ManifestOptions, VitePWA } from "vite-plugin-pwa";
import { type FirstScreenPart, firstScreenTexts } from "./src/client/lib/first-screen-texts.ts";

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

/**
 * `texts.json?first-screen=<part>`: only the texts of that part of the first screens
 * (src/client/lib/first-screen-texts.ts: the frame, the landing page, a course page), each a module
 * of its own, so the whole file can still be a separate chunk that loads later.
 */
function firstScreenTextsModule(): Plugin {
  const QUERY = /\?first-screen=(frame|landing|course)$/;
  return {
    name: "flashcards:first-screen-texts",
    enforce: "pre",
    async resolveId(source, importer) {
      const query = QUERY.exec(source);
      if (!query) return null;
      const resolved = await this.resolve(source.slice(0, query.index), importer, { skipSelf: true });
      return resolved ? `\0${resolved.id}${query[0]}` : null;
    },
    async load(id) {
      const query = QUERY.exec(id);
      if (!id.startsWith("\0") || !query) return null;
      const file = id.slice(1, query.index);
      this.addWatchFile(file);
      const all = JSON.parse(await readFile(file, "utf8")) as Record<string, unknown>;
      return `export default ${JSON.stringify(firstScreenTexts(all, query[1] as FirstScreenPart))};`;
    },
  };
}

/**
 * Every module the entry imports statically, for one shared chunk: left to itself the bundler
 * splits the entry's graph into some twenty files (each a module some lazy screen also uses), and
 * HTTP/1.1 fetches six at a time, so a first visit waited for several round trips in a row.
 */
function entryGraph() {
  const modules = new Set<string>();
  const plugin: Plugin = {
    name: "flashcards:entry-graph",
    apply: "build",
    buildEnd() {
      modules.clear();
      const ids = [...this.getModuleIds()];
      const entries = ids.filter((id) => this.getModuleInfo(id)?.isEntry);
      const stack = entries.flatMap((id) => this.getModuleInfo(id)?.importedIds ?? []);
      for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
        if (modules.has(id)) continue;
        modules.add(id);
        stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
  // Reached only through a package's index of re-exports, used by lazy screens alone: left out,
  // or they would ride along in the first load (TanStack Query's mutation and infinite-list hooks).
  const onlyThroughIndex =
    /[\\/]@tanstack[\\/](?:react-query|query-core)[\\/].*(?:[mM]utation(?!Cache)|[iI]nfinite|[qQ]ueries)/;
  // A few bytes that lazy screens and their loaders share would each be a chunk and a request of
  // their own: the query keys (core/cache/keys.ts) and the keyboard-shortcut hook ride along instead.
  const smallShared = /[\\/]src[\\/]client[\\/](?:core[\\/]cache[\\/]keys|lib[\\/]use-hotkeys)\.ts$/;
  return {
    plugin,
    inEntryGraph: (id: string) => (modules.has(id) && !onlyThroughIndex.test(id)) || smallShared.test(id),
  };
}

/**
 * The course page's pieces that other screens share: the follow star (and the star button its
 * signed-in toggle draws too), the "not available offline" state and the page's styles (which the
 * owner's tools reuse). Left to itself the bundler makes each a file of its own, and files this
 * small cost about as much in imports and compression as in code: one file saves a course page's
 * first visit 0.7 KiB (decision 0034).
 */
const coursePageParts =
  /[\\/]src[\\/]client[\\/](?:features[\\/]follows[\\/]components[\\/](?:follow-star|star-button)\.tsx|components[\\/]load-failed\.tsx|features[\\/]courses[\\/]routes[\\/]course-page\.module\.css)$/;

/**
 * React Router's package sends every bundler to its development build (its `exports` name no
 * other), whose warnings stay in a production bundle (remix-run/react-router#14102). The
 * production build beside it is the same code with them off: 0.6 KiB less in the first script.
 */
const reactRouterProduction = [
  { find: /^react-router$/, replacement: "react-router/dist/production/index.mjs" },
  { find: /^react-router\/dom$/, replacement: "react-router/dist/production/dom-export.mjs" },
].map(({ find, replacement }) => ({ find, replacement: join(import.meta.dirname, "node_modules", replacement) }));

/**
 * Lets the bundler drop what React Router defines but the app never uses (decision 0034). Two
 * kinds of top-level statements in its production build are side effects the bundler must keep,
 * and each keeps code with it:
 * - `Link.displayName = "Link"`: names for React's developer tools, of no use in production;
 * - `var NavLink = React.forwardRef(…)` (and `createContext`, `memo`, `Object.getOwnPropertyNames`):
 *   calls without the `@__PURE__` mark that tells a bundler an unused result can go. None of these
 *   functions has a side effect; marked, NavLink and Form go with the form-submission code only they
 *   use (1.4 KiB compressed), and React Router's Link, which the app replaces by its own
 *   (components/link.tsx), with the framework mode's link prefetching.
 */
function treeShakeableReactRouter(): Plugin {
  return {
    name: "flashcards:tree-shakeable-react-router",
    apply: "build",
    transform: {
      filter: { id: /[\\/]react-router[\\/]dist[\\/]production[\\/].*\.mjs$/ },
      handler(code) {
        const withoutNames = code.replace(/^[\w$]+\.displayName = "[^"\n]*";$/gm, "");
        const pureCalls =
          /^(var [\w$]+ = )(React\d*\.(?:forwardRef|createContext|memo)\(|Object\.getOwnPropertyNames\()/gm;
        return { code: withoutNames.replace(pureCalls, "$1/* @__PURE__ */ $2"), map: null };
      },
    },
  };
}

/** The installed app's icons: the logo on the accent colour (src/client/public/icons). */
const ICONS: ManifestOptions["icons"] = [
  { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
  { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
  { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
];

/**
 * The installable app (decision 0024): the English manifest (the Japanese one is
 * src/client/public/manifest-ja.webmanifest, swapped in by the page), and a Workbox service
 * worker that precaches the whole built client (every screen's chunk, every text), so any page
 * opens offline. A new version waits for the person's "Reload" (registerType "prompt").
 */
function installableApp() {
  return VitePWA({
    registerType: "prompt",
    // Registered by src/client/features/offline/api/service-worker.ts once the page is idle, with the
    // browser's own API (decision 0034): the plugin's `virtual:pwa-register` and workbox-window are unused.
    injectRegister: false,
    includeAssets: ["icons/*.png", "manifest-ja.webmanifest"],
    manifest: {
      id: "/",
      name: "Flashcards",
      short_name: "Flashcards",
      description: "Find, follow and study flashcard courses. Every deck comes with a timed test.",
      lang: "en",
      start_url: "/",
      scope: "/",
      display: "standalone",
      theme_color: "#4343b8",
      background_color: "#f6f7fb",
      icons: ICONS,
    },
    workbox: {
      // Not the .br/.gz copies: the browser gets those through Content-Encoding, not by name.
      globPatterns: ["**/*.{js,css,html,svg,png,webmanifest}"],
      // Every client route is index.html; the API and the development pages are never the app.
      navigateFallback: "index.html",
      navigateFallbackDenylist: [/^\/api\//, /^\/dev\//],
      // Hashed names change with their content: no revision needed.
      dontCacheBustURLsMatching: /^assets\//,
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      // The first script holds React and the app's frame (see entryGraph).
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    },
  });
}

export default defineConfig(({ command, mode }) => {
  // A build started from a process with another NODE_ENV (the test runner sets "test") would
  // otherwise bundle React's development build and JSX's development runtime: three times the size.
  if (command === "build" && mode === "production") process.env.NODE_ENV = "production";
  const entry = entryGraph();
  return {
    root: "src/client",
    plugins: [
      react(),
      firstScreenTextsModule(),
      treeShakeableReactRouter(),
      precompress(),
      entry.plugin,
      installableApp(),
    ],
    resolve: {
      // The import aliases of tsconfig.json (decision 0023).
      tsconfigPaths: true,
      alias: [
        // A polyfill for React < 18 that react-i18next imports; React 19 has the hook itself.
        {
          find: "use-sync-external-store/shim",
          replacement: join(import.meta.dirname, "src/client/lib/use-sync-external-store-shim.ts"),
        },
        ...(command === "build" ? reactRouterProduction : []),
      ],
    },
    build: {
      outDir: "../../dist/client",
      emptyOutDir: true,
      // The favicon is a hashed file like every asset (cached for a year), not a data: URL in the HTML.
      // One chunk holds the whole first load (React included) on purpose: see entryGraph.
      chunkSizeWarningLimit: 600,
      // Every browser the app supports (ES modules, dynamic import) knows modulepreload.
      modulePreload: { polyfill: false },
      assetsInlineLimit: (file: string) => (file.endsWith("favicon.svg") ? false : undefined),
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              { name: "app", test: entry.inEntryGraph },
              { name: "course-page-parts", test: coursePageParts },
            ],
          },
        },
        // Timing notes about plugins are noise on a busy machine (the precompression takes seconds).
        checks: { bundlerTimings: false },
      },
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
