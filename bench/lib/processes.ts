/** Child processes of the benchmark: started with a readiness line, always stopped on the way out. */

import { type ChildProcess, spawn } from "node:child_process";
import { AUTH_SECRET } from "./options";

const children = new Set<ChildProcess>();

/** Runs `node --import tsx <script>` and waits until its output contains `ready` (or it dies). */
export function startNode(
  label: string,
  script: string,
  env: Record<string, string>,
  ready: RegExp,
  timeoutMs = 120_000,
): Promise<ChildProcess> {
  return startProcess(label, ["--import", "tsx", script], env, ready, timeoutMs);
}

/** Runs `node <args>` and waits until its output contains `ready` (or it dies). */
export async function startProcess(
  label: string,
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
  timeoutMs = 120_000,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  child.once("exit", () => children.delete(child));
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${label} did not start in time:\n${output}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${label} exited (code ${code}) before it was ready:\n${output}`));
    });
  });
  // Keep draining, so a chatty child never blocks on a full pipe.
  child.stdout?.resume();
  child.stderr?.resume();
  return child;
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

export async function stopAll(): Promise<void> {
  await Promise.all([...children].map(stop));
}

/** No child outlives the benchmark, whichever way it ends. */
export function stopChildrenOnExit() {
  process.on("exit", () => {
    for (const child of children) child.kill("SIGKILL");
  });
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      void stopAll().finally(() => process.exit(130));
    });
  }
}

/** The app as in production, on the PostgreSQL of `url`, with the benchmarks' secret (options.ts). */
export function startApp(url: string, port: number) {
  return startNode(
    "the app",
    "src/server/index.ts",
    {
      NODE_ENV: "production",
      AUTH_SECRET,
      SEED_DEMO: "false",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_URL: url,
      // The generated learners all have enough answers for their own memory model: fitting them
      // in the background would share the machine with what the benchmarks measure (bench:optimiser
      // measures the fits).
      OPTIMISE_MEMORY_MODELS: "false",
    },
    /Listening on/,
  );
}
