// @ts-check
/**
 * The production build, in plain Node (no tsx: `npm start` runs this on every start).
 *
 *   node scripts/build.mjs             `npm run build`: web client, server bundle, initial database
 *   node scripts/build.mjs --if-stale  `npm start`: the same, but only when something is missing
 *                                      or older than its sources (a few ms when nothing is)
 *
 * - dist/client: Vite (imported only when it has to build).
 * - dist/server/index.js: src/server/index.ts bundled by esbuild with the npm packages it uses (and
 *   export-worker.js, the worker thread that builds export files), so `node dist/server/index.js`
 *   starts without compiling TypeScript or resolving ~900 package files (decision 0040). Source
 *   paths the server resolves from `import.meta.url` (the migrations, the built client, the cache)
 *   keep pointing where they did in src/.
 * - the initial database: a migrated PGlite folder under node_modules/.cache that new data folders
 *   start as a copy of (src/server/db/initial-data.ts).
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";

const root = join(import.meta.dirname, "..");

/** What the web client is built from (keep in step with scripts/client-build.ts). */
export const clientInputs = ["src/client", "src/shared", "vite.config.ts", "package-lock.json"];
/** What the server bundle is built from. */
export const serverInputs = ["src/server", "src/shared", "package-lock.json", "tsconfig.json", "scripts/build.mjs"];

const clientOutput = "dist/client/index.html";
const serverOutput = "dist/server/index.js";
const initialDataOutput = "dist/server/initial-data.js";

/** @param {string} path */
function newestModification(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestModification(join(path, name))));
}

/**
 * True when `output` is missing or older than any of `inputs` (paths relative to the root).
 * @param {string} output
 * @param {string[]} inputs
 */
export function isStale(output, inputs) {
  const outputPath = join(root, output);
  const builtAt = existsSync(outputPath) ? statSync(outputPath).mtimeMs : 0;
  return builtAt <= Math.max(...inputs.map((input) => newestModification(join(root, input))));
}

export async function buildClient() {
  const { build } = await import("vite");
  await build({ configFile: join(root, "vite.config.ts"), logLevel: "warn" });
}

/** Packages the server bundle imports instead of containing (see buildServer). */
const KEEP_EXTERNAL = [
  "@electric-sql/pglite",
  "@electric-sql/pglite/*",
  "sql.js",
  "piscina",
  "pg-native",
  "@open-spaced-repetition/binding-linux-x64-gnu",
  "kuromoji",
];

export async function buildServer() {
  const esbuild = await import("esbuild");
  const outdir = join(root, "dist/server");
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: {
      index: "src/server/index.ts",
      "initial-data": "src/server/db/initial-data.ts",
      // Worker threads: export files (features/exports/export-pool.ts), import bodies
      // (http/json-body-pool.ts) and reading suggestions (features/readings/readings-pool.ts); a
      // child process: learners' memory models (features/memory-model/optimiser-process.ts). All
      // found by workers/worker-file.ts.
      "export-worker": "src/server/features/exports/export-worker.ts",
      "json-body-worker": "src/server/http/json-body.worker.ts",
      "readings-worker": "src/server/features/readings/readings.worker.ts",
      "optimiser-child": "src/server/features/memory-model/optimiser-child.ts",
    },
    // Tells the server it runs bundled, so workers/worker-file.ts starts the workers and the child from dist/server.
    define: { "process.env.SERVER_BUNDLE": '"1"' },
    outdir,
    bundle: true,
    // The packages go into the bundle: Node's ES module loader spent ~0.8 s of CPU at every start
    // finding, reading and linking their ~900 files one by one (decision 0040). Left as imports:
    // the packages that read files of their own beside their code (PGlite's and sql.js's
    // WebAssembly and data files, piscina's worker script, found from its __dirname, kuromoji's
    // dictionary), pg's optional native binding and the FSRS optimiser (it loads its native build
    // for the platform).
    external: [...KEEP_EXTERNAL],
    platform: "node",
    format: "esm",
    target: "node20.19",
    sourcemap: "linked",
    logLevel: "warning",
    banner: {
      js: [
        "// Built by scripts/build.mjs from src/server: edit the sources, not this file.",
        // CommonJS packages in an ES module bundle still call require() for Node's own modules.
        'import { createRequire as __bundleRequire } from "node:module";',
        "const require = __bundleRequire(import.meta.url);",
      ].join("\n"),
    },
    plugins: [
      {
        // In one bundle every module shares dist/server/index.js's import.meta.url; each module's
        // own is rebuilt from its source path, so `new URL("../../../drizzle", import.meta.url)`
        // still finds drizzle/ from dist/server.
        name: "source-import-meta-url",
        setup(build) {
          build.onLoad({ filter: /[\\/]src[\\/].*\.tsx?$/ }, async (args) => {
            const source = await readFile(args.path, "utf8");
            if (/import\.meta\.(dirname|filename|resolve)/.test(source)) {
              throw new Error(`${relative(root, args.path)}: use import.meta.url, which the bundle rewrites`);
            }
            const own = JSON.stringify(relative(outdir, args.path).split("\\").join("/"));
            return {
              contents: source.replaceAll("import.meta.url", `new URL(${own}, import.meta.url).href`),
              loader: args.path.endsWith("x") ? "tsx" : "ts",
            };
          });
        },
      },
    ],
  });
}

/** Makes the prepared initial database if it is missing for the current migrations. */
export async function prepareInitialData() {
  /** @type {{ initialDataFolder(): Promise<string | undefined> }} */
  const initialData = await import(pathToFileURL(join(root, initialDataOutput)).href);
  await initialData.initialDataFolder();
}

/** @param {{ ifStale: boolean }} options */
export async function buildAll({ ifStale }) {
  const started = performance.now();
  let built = false;
  if (!ifStale || isStale(clientOutput, clientInputs)) {
    console.log(
      existsSync(join(root, clientOutput)) ? "Building the web client." : "Building the web client (first start).",
    );
    await buildClient();
    built = true;
  }
  if (!ifStale || isStale(serverOutput, serverInputs) || !existsSync(join(root, initialDataOutput))) {
    console.log("Building the server.");
    await buildServer();
    built = true;
  }
  // Checked after any build only: the server itself prepares the database when a new data
  // folder needs it, so a start with nothing to build does not load PGlite here.
  if (built || !ifStale) await prepareInitialData();
  if (built) console.log(`Built in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  await buildAll({ ifStale: process.argv.includes("--if-stale") });
}
