/** Starts the real server as its own process, on a free port with a fresh data folder. */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "@server/test/processes";

const root = join(import.meta.dirname, "..");

export interface RunningServer {
  url: string;
  process: ChildProcess;
  /** Everything the server printed so far. */
  output(): string;
  /** Sends the signal and resolves with the exit code once the process has ended. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** The server from its sources, as the tests and `npm run dev` run it. */
const SOURCE_ENTRY = ["--import", "tsx", "src/server/index.ts"];
/** The production bundle (scripts/build.mjs), as `npm start` runs it. */
export const BUNDLE_ENTRY = ["dist/server/index.js"];

export function spawnServer(env: Record<string, string>, entry = SOURCE_ENTRY): ChildProcess {
  return spawn(process.execPath, entry, {
    cwd: root,
    env: { ...process.env, NODE_ENV: "test", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

export async function startServer(env: Record<string, string> = {}, entry = SOURCE_ENTRY): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), "flashcards-e2e-"));
  const child = spawnServer({ PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, ...env }, entry);
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  const url = `http://127.0.0.1:${port}`;
  // Generous: a first start creates the embedded database, and a busy 2-core machine is slow at it.
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited during start-up:\n${output}`);
    if (Date.now() > deadline) throw new Error(`The server did not become healthy within 150 s:\n${output}`);
    const healthy = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) break;
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    url,
    process: child,
    output: () => output,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null) child.kill(signal);
      const code = await exited;
      await rm(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}
