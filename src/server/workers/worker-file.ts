/**
 * Where a worker thread's code is, for Piscina: the one way the server starts a worker.
 * The bundle (scripts/build.mjs) builds each worker as its own file beside dist/server/index.js and
 * defines SERVER_BUNDLE; from the sources (tests, `npm run dev`) tsx compiles the worker's
 * TypeScript. `--import tsx` reaches the worker's code because Piscina's own worker script loads it.
 */
/** The workers' entry names in scripts/build.mjs. */
export type BundledWorker = "export-worker" | "json-body-worker" | "optimiser-worker";

export function workerFile(bundled: BundledWorker, source: URL): { filename: string; execArgv: string[] } {
  if (process.env.SERVER_BUNDLE === "1") {
    return { filename: new URL(`../../../dist/server/${bundled}.js`, import.meta.url).href, execArgv: [] };
  }
  return { filename: source.href, execArgv: ["--import", "tsx"] };
}
