/**
 * Where the code of a worker thread or a child process is: the one way the server starts either.
 * The bundle (scripts/build.mjs) builds each as its own file beside dist/server/index.js and
 * defines SERVER_BUNDLE; from the sources (tests, `npm run dev`) tsx compiles its TypeScript.
 */
import { fileURLToPath } from "node:url";

/** The entry names in scripts/build.mjs of the worker threads (run by Piscina)… */
export type BundledWorker = "export-worker" | "json-body-worker" | "readings-worker";
/** …and of the child processes (`child_process.fork`). */
export type BundledChild = "optimiser-child";

const bundled = () => process.env.SERVER_BUNDLE === "1";

/** For Piscina: `--import tsx` reaches the worker's code because Piscina's own worker script loads it. */
export function workerFile(name: BundledWorker, source: URL): { filename: string; execArgv: string[] } {
  if (bundled()) {
    return { filename: new URL(`../../../dist/server/${name}.js`, import.meta.url).href, execArgv: [] };
  }
  return { filename: source.href, execArgv: ["--import", "tsx"] };
}

/**
 * For `fork`: the module's path and the Node options it needs (tsx from the sources; `--import tsx`
 * is resolved from the working folder, the project's, as for the worker threads). Options of the
 * caller's own (a memory limit) go after these.
 */
export function childProcessFile(name: BundledChild, source: URL): { modulePath: string; execArgv: string[] } {
  if (bundled()) {
    return { modulePath: fileURLToPath(new URL(`../../../dist/server/${name}.js`, import.meta.url)), execArgv: [] };
  }
  return { modulePath: fileURLToPath(source), execArgv: ["--import", "tsx"] };
}
