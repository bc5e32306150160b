/**
 * Real server processes for the fault tests: `node --import tsx src/server/index.ts` with the
 * given environment, a fresh data folder and a free port, plus a private PostgreSQL cluster that a
 * test may stop and start (the shared one on 5432 is never touched).
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { chown, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { freePort } from "../test/processes";

const root = join(import.meta.dirname, "../../..");
const run = promisify(execFile);

/** A start on a busy two-core machine (a first PGlite start creates the database) can be slow. */
export const START_TIMEOUT_MS = 90_000;

export function tempDir(prefix: string): Promise<string> {
  return mkdtemp(join(tmpdir(), `flashcards-faults-${prefix}-`));
}

/** Polls until `check` returns a value other than undefined, or fails after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  alive(): boolean;
  /** Sends the signal (if still running) and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Spawns the server. `wrap` runs it through another command (unshare, to give it a small or
 * read-only file system): the server's command line is appended as "$@"-style arguments.
 */
export async function spawnServer(env: Record<string, string>, wrap: string[] = []): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const command = [process.execPath, "--import", "tsx", "src/server/index.ts"];
  const [file, ...args] = [...wrap, ...command] as [string, ...string[]];
  const child = spawn(file, args, {
    cwd: root,
    env: { ...process.env, NODE_ENV: "test", HOST: "127.0.0.1", SEED_DEMO: "false", ...env, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const alive = () => child.exitCode === null && child.signalCode === null;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    child,
    output: () => output,
    exited,
    alive,
    async stop(signal = "SIGTERM") {
      if (alive()) child.kill(signal);
      return exited;
    },
  };
}

/** Spawns the server and waits until /api/health answers 200. */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const server = await spawnServer(env);
  try {
    await waitFor(
      "the server to become healthy",
      async () => {
        if (!server.alive()) throw new Error(`The server exited during start-up:\n${server.output()}`);
        const ok = await fetch(`${server.url}/api/health`).then(
          (r) => r.ok,
          () => false,
        );
        return ok ? true : undefined;
      },
      START_TIMEOUT_MS,
    );
  } catch (error) {
    await server.stop("SIGKILL");
    throw error;
  }
  return server;
}

/**
 * Runs a server that is expected to refuse to start; resolves with its exit code and output, or
 * with code "started" (after stopping it) if it came up after all.
 */
export async function failedStart(env: Record<string, string>, wrap: string[] = []) {
  const server = await spawnServer(env, wrap);
  try {
    const code = await waitFor(
      "the server to exit",
      async () => {
        if (!server.alive()) return { code: await server.exited };
        const up = await fetch(`${server.url}/api/health`).then(
          () => true,
          () => false,
        );
        return up ? { code: "started" as const } : undefined;
      },
      START_TIMEOUT_MS,
    );
    return { code: code.code, output: server.output() };
  } finally {
    await server.stop("SIGKILL");
  }
}

/** Whether this machine lets a test mount a small tmpfs in its own mount namespace (root, unshare). */
export async function canMountTmpfs(): Promise<boolean> {
  const dir = await tempDir("probe");
  try {
    await run("unshare", ["-m", "sh", "-c", 'mount -t tmpfs -o size=1m tmpfs "$1"', "sh", dir]);
    return true;
  } catch {
    return false;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The command prefix that runs a process with `dir` replaced by a fresh tmpfs mounted with `options`. */
export function withTmpfs(dir: string, options: string): string[] {
  // Private mount namespace: the mount is gone when the process ends, and no one else sees it.
  return ["unshare", "-m", "sh", "-c", 'mount -t tmpfs -o "$1" tmpfs "$2" && shift 2 && exec "$@"', "sh", options, dir];
}

/** A PostgreSQL cluster of the test's own, on a free port, in a temporary folder. */
export interface PrivateCluster {
  url: string;
  start(): Promise<void>;
  /** `pg_ctl stop -m fast`: ends every connection ("terminating connection due to administrator command"). */
  stop(): Promise<void>;
  /** Stops it if running and deletes its folder. */
  remove(): Promise<void>;
}

export function postgresBinDir(): string | undefined {
  const base = "/usr/lib/postgresql";
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(base, versions[0], "bin") : undefined;
}

export async function createCluster(): Promise<PrivateCluster> {
  const bin = postgresBinDir();
  if (!bin) throw new Error("No PostgreSQL binaries under /usr/lib/postgresql");
  const dir = await tempDir("pg");
  const dataDir = join(dir, "data");
  const port = await freePort();
  // PostgreSQL refuses to run as root: run its tools as the postgres user, in a folder it owns.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run("id", ["-u", "postgres"]);
    const { stdout: gid } = await run("id", ["-g", "postgres"]);
    await chown(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const pgTool = (tool: string, args: string[]) =>
    asRoot ? run("runuser", ["-u", "postgres", "--", join(bin, tool), ...args]) : run(join(bin, tool), args);
  const running = () => existsSync(join(dataDir, "postmaster.pid"));

  await pgTool("initdb", ["-D", dataDir, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      await pgTool("pg_ctl", ["-D", dataDir, "-o", options, "-l", join(dir, "log"), "-w", "-t", "60", "start"]);
    },
    async stop() {
      await pgTool("pg_ctl", ["-D", dataDir, "-m", "fast", "-w", "-t", "60", "stop"]);
    },
    async remove() {
      if (running()) await pgTool("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]).catch(() => {});
      await rm(dir, { recursive: true, force: true });
    },
  };
}
