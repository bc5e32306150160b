/**
 * npm run bench:start — how long `npm start` takes to serve, and what the server then holds.
 *
 * Runs the production start exactly as `npm start` does (its command line, read from package.json,
 * the client and server already built): wall time from spawning it to the first 200 from
 * /api/health, on a fresh data folder (first start: database created, migrations, demo courses)
 * and on a used one (a restart); then the idle memory: RSS of the server's process tree, 2 s after
 * it is healthy. As a reference, in the same run and interleaved with it, the same for the start
 * before the fast start (decision 0016): the previous `npm start` line
 * (`tsx scripts/build-client-if-stale.ts && tsx src/server/index.ts`) on that commit's sources,
 * taken from git into a temporary folder. Prints one table; a benchmark, it asserts nothing.
 *
 *   npm run bench:start              5 runs of each
 *   npm run bench:start -- --runs 9  more runs
 *   npm run bench:start -- --no-old  only the current start
 *   npm run bench:start -- --against <commit> [--against <commit> …]
 *                                    compare with `npm start` as it was at <commit> instead (its own
 *                                    start line, sources and build; for example the commit that
 *                                    landed decision 0016: git log --oneline -- docs/decisions/0016-fast-start.md)
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { freePort } from "@server/test/processes";

const root = join(import.meta.dirname, "..");
const args = process.argv.slice(2);
const runsArg = args.indexOf("--runs");
const RUNS = runsArg >= 0 ? Number(args[runsArg + 1]) : 5;
const WITH_OLD = !args.includes("--no-old");
/** Every `--against <commit>`, in order: each is measured beside the current start. */
const AGAINST = args.flatMap((arg, i) => (arg === "--against" && args[i + 1] ? [args[i + 1] as string] : []));
const START_TIMEOUT_MS = 120_000;
const IDLE_MS = 2000;
/** The start line this bench compares with; the commit that replaced it is found in git. */
const OLD_START = "tsx scripts/build-client-if-stale.ts && tsx src/server/index.ts";

interface Way {
  name: string;
  /** The steps of the start line, run one after the other like `a && b`; the last one serves. */
  steps: string[][];
  cwd: string;
}

interface Run {
  ms: number;
  /** CPU time the start used up to healthy (all its processes): steadier than wall time on a busy machine. */
  cpuMs: number;
  rssMb: number;
  /** The start had to build something first (sources changed meanwhile). */
  built: boolean;
}

const temporary: string[] = [];
const running = new Set<ChildProcess>();

function bin(name: string): string {
  return join(root, "node_modules/.bin", name);
}

/** `npm start`'s line from package.json, as steps of program and arguments. */
function stepsOf(line: string): string[][] {
  return line.split("&&").map((step) => {
    const [program = "", ...rest] = step.trim().split(/\s+/);
    return [program === "node" ? process.execPath : existsSync(bin(program)) ? bin(program) : program, ...rest];
  });
}

/** The current start: what `npm start` runs. */
function currentWay(): Way {
  const scripts = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { scripts: Record<string, string> })
    .scripts;
  const line = scripts.start ?? "";
  return { name: `npm start: ${line}`, steps: stepsOf(line), cwd: root };
}

/**
 * The previous start on its own sources: the parent of the commit that changed the start line,
 * exported from git into a temporary folder that borrows node_modules and the built client.
 */
async function oldWays(): Promise<Way[]> {
  if (AGAINST.length === 0) {
    const old = await oldWay();
    return old ? [old] : [];
  }
  const ways: Way[] = [];
  for (const commit of AGAINST) {
    ways.push(await startAt(execFileSync("git", ["rev-parse", commit], { cwd: root, encoding: "utf8" }).trim()));
  }
  return ways;
}

async function oldWay(): Promise<Way | undefined> {
  const git = (...gitArgs: string[]) => execFileSync("git", gitArgs, { cwd: root, encoding: "utf8" }).trim();
  let commit: string;
  try {
    const changed = git("log", "-1", "--format=%H", `-S${OLD_START}`, "--", "package.json");
    commit = git("rev-parse", `${changed}^`);
  } catch {
    console.warn("No git history with the previous start line: measuring the current start only.");
    return undefined;
  }
  const dir = await mkdtemp(join(tmpdir(), "flashcards-bench-old-"));
  temporary.push(dir);
  const archive = spawnSync(
    "git",
    [
      "archive",
      commit,
      "src",
      "scripts",
      "drizzle",
      "package.json",
      "package-lock.json",
      "tsconfig.json",
      "vite.config.ts",
    ],
    {
      cwd: root,
      maxBuffer: 1 << 30,
    },
  );
  spawnSync("tar", ["-x", "-C", dir], { input: archive.stdout });
  symlinkSync(join(root, "node_modules"), join(dir, "node_modules"));
  // Copied after the sources, so the old "client stale?" check finds it up to date (and still
  // imports Vite to decide, as it did).
  cpSync(join(root, "dist/client"), join(dir, "dist/client"), { recursive: true });
  return { name: `before (${commit.slice(0, 7)}): ${OLD_START}`, steps: stepsOf(OLD_START), cwd: dir };
}

/**
 * `npm start` as it was at `commit`: that commit's tree in a temporary folder, built there by its own
 * build script, started by its own start line. Its node_modules is a folder of links to ours
 * without `.cache`, so its prepared initial database (decision 0016) lives apart from ours and
 * neither start removes the other's.
 */
async function startAt(commit: string): Promise<Way> {
  const dir = await mkdtemp(join(tmpdir(), "flashcards-bench-at-"));
  temporary.push(dir);
  const archive = spawnSync("git", ["archive", commit], { cwd: root, maxBuffer: 1 << 30 });
  spawnSync("tar", ["-x", "-C", dir], { input: archive.stdout });
  const modules = join(dir, "node_modules");
  mkdirSync(modules);
  for (const entry of readdirSync(join(root, "node_modules"))) {
    if (entry !== ".cache") symlinkSync(join(root, "node_modules", entry), join(modules, entry));
  }
  // The built client is the same files; copied after the sources, so that start finds it current.
  cpSync(join(root, "dist/client"), join(dir, "dist/client"), { recursive: true });
  execFileSync(process.execPath, ["scripts/build.mjs", "--if-stale"], { cwd: dir, stdio: "inherit" });
  const scripts = (JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { scripts: Record<string, string> })
    .scripts;
  const line = scripts.start ?? "";
  return { name: `at ${commit.slice(0, 7)}: ${line}`, steps: stepsOf(line), cwd: dir };
}

function spawnStep(way: Way, step: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const [program = "", ...rest] = step;
  const child = spawn(program, rest, { cwd: way.cwd, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  running.add(child);
  child.once("exit", () => running.delete(child));
  return child;
}

/** Every process below `pid` (tsx runs the server as its child), with `pid` itself. */
function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // Gone meanwhile.
    }
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i] as number) ?? []));
  return tree;
}

/** CPU time in ms from /proc/<pid>/stat: its own (utime, stime) or that of its reaped children. */
function cpuMsOf(pid: number | "self", which: "own" | "children"): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // Fields 14-17 of proc(5): utime, stime, cutime, cstime (here at index 11-14), in 1/100 s.
  const [user, system] = which === "own" ? [fields[11], fields[12]] : [fields[13], fields[14]];
  return (Number(user) + Number(system)) * 10;
}

function treeCpuMs(pid: number): number {
  let ms = 0;
  for (const member of processTree(pid)) {
    try {
      ms += cpuMsOf(member, "own");
    } catch {
      // Gone meanwhile.
    }
  }
  return ms;
}

function rssMb(pid: number): number {
  let kb = 0;
  for (const member of processTree(pid)) {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${member}/status`, "utf8"))?.[1] ?? 0);
    } catch {
      // Gone meanwhile.
    }
  }
  return kb / 1024;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once("exit", done));
  child.kill("SIGTERM");
  const killed = setTimeout(() => {
    // The whole group: a tsx parent and its server child.
    if (child.pid) process.kill(-child.pid, "SIGKILL");
  }, 30_000);
  await exited;
  clearTimeout(killed);
}

/** One start on `dataDir`: spawn to the first healthy answer, then idle memory, then a stop. */
async function measureStart(way: Way, dataDir: string): Promise<Run> {
  const port = await freePort();
  const env = {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: dataDir,
  };
  let output = "";
  const reapedBefore = cpuMsOf("self", "children");
  const started = performance.now();
  let server: ChildProcess | undefined;
  for (const [i, step] of way.steps.entries()) {
    const child = spawnStep(way, step, env);
    child.stdout?.on("data", (chunk) => (output += chunk));
    child.stderr?.on("data", (chunk) => (output += chunk));
    if (i === way.steps.length - 1) {
      server = child;
      break;
    }
    const code = await new Promise<number | null>((done) => child.once("exit", done));
    if (code !== 0) throw new Error(`${step.join(" ")} failed (${code}):\n${output}`);
  }
  if (!server) throw new Error("empty start line");
  try {
    for (;;) {
      const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (response) => response.status === 200,
        () => false,
      );
      if (healthy) break;
      if (server.exitCode !== null) throw new Error(`The server exited during start-up:\n${output}`);
      if (performance.now() - started > START_TIMEOUT_MS) throw new Error(`Not healthy within 120 s:\n${output}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const ms = performance.now() - started;
    // The steps before the server have ended and been reaped: their CPU time is our children's.
    const cpuMs = cpuMsOf("self", "children") - reapedBefore + treeCpuMs(server.pid as number);
    await new Promise((r) => setTimeout(r, IDLE_MS));
    return { ms, cpuMs, rssMb: rssMb(server.pid as number), built: /Building|rebuilding/i.test(output) };
  } finally {
    await stop(server);
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main() {
  // Built (client, server, initial database) before anything is timed, as after `npm run build`.
  execFileSync(process.execPath, ["scripts/build.mjs", "--if-stale"], { cwd: root, stdio: "inherit" });
  const loadBefore = loadavg();
  const ways = [currentWay()];
  if (WITH_OLD) ways.push(...(await oldWays()));

  const results = ways.map(() => ({ fresh: [] as Run[], restart: [] as Run[] }));
  const used = await Promise.all(ways.map(() => mkdtemp(join(tmpdir(), "flashcards-bench-used-"))));
  temporary.push(...used);
  // Warm-up: the used folders' first start (and tsx's compile cache for the old way); not counted.
  for (const [i, way] of ways.entries()) await measureStart(way, used[i] as string);

  for (let run = 1; run <= RUNS; run++) {
    // Interleaved, so that a busy spell on a shared machine hits both ways alike.
    for (const [i, way] of ways.entries()) {
      const fresh = await mkdtemp(join(tmpdir(), "flashcards-bench-fresh-"));
      temporary.push(fresh);
      try {
        results[i]?.fresh.push(await measureStart(way, fresh));
      } finally {
        await rm(fresh, { recursive: true, force: true });
      }
      results[i]?.restart.push(await measureStart(way, used[i] as string));
      process.stdout.write(".");
    }
  }
  process.stdout.write("\n");

  const cpu = cpus();
  console.log(
    `\nnpm run bench:start — ${new Date().toISOString()} — ${cpu.length} × ${cpu[0]?.model ?? "?"}, ` +
      `${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}, ` +
      `load average ${loadBefore[0]?.toFixed(2)} → ${loadavg()[0]?.toFixed(2)}`,
  );
  console.log(
    `${RUNS} runs each, interleaved. Time: spawn to the first 200 from /api/health (median / max); CPU: user + system\n` +
      "time of all its processes up to then (median); idle RSS: the server's process tree 2 s after healthy.\n",
  );
  const rows = ways.map((way, i) => {
    const { fresh, restart } = results[i] as { fresh: Run[]; restart: Run[] };
    const rss = [...fresh, ...restart].map((r) => r.rssMb);
    const wall = (runs: Run[]) =>
      `${seconds(median(runs.map((r) => r.ms)))} / ${seconds(Math.max(...runs.map((r) => r.ms)))}`;
    const cpu = (runs: Run[]) => seconds(median(runs.map((r) => r.cpuMs)));
    return {
      cells: [
        way.name,
        wall(fresh),
        cpu(fresh),
        wall(restart),
        cpu(restart),
        `${Math.round(median(rss))} MB / ${Math.round(Math.max(...rss))} MB`,
      ],
      values: [fresh, restart].flatMap((runs) => [median(runs.map((r) => r.ms)), median(runs.map((r) => r.cpuMs))]),
      rss: median(rss),
      built: [...fresh, ...restart].filter((r) => r.built).length,
    };
  });
  const table = [
    ["start", "first start: median / max", "CPU", "restart: median / max", "CPU", "idle RSS: median / max"],
    ...rows.map((row) => row.cells),
  ];
  const [now, ...before] = rows;
  for (const [i, then] of before.entries()) {
    if (!now) break;
    const ratio = (a: number, b: number) => `${(a / b).toFixed(1)} ×`;
    const [f, fc, r, rc] = then.values.map((value, k) => ratio(value, now.values[k] as number));
    const label = AGAINST[i] ? `${AGAINST[i]} ÷ now` : "before ÷ now";
    table.push([label, f ?? "", fc ?? "", r ?? "", rc ?? "", ratio(then.rss, now.rss)]);
  }
  const widths = (table[0] as string[]).map((_, column) => Math.max(...table.map((row) => (row[column] ?? "").length)));
  const line = (row: string[]) => `| ${row.map((cell, column) => cell.padEnd(widths[column] as number)).join(" | ")} |`;
  console.log(line(table[0] as string[]));
  console.log(`| ${widths.map((width) => "-".repeat(width)).join(" | ")} |`);
  for (const row of table.slice(1)) console.log(line(row));
  for (const [i, row] of rows.entries()) {
    if (row.built)
      console.log(`(${row.built} run(s) of "${ways[i]?.name}" built first: sources changed during the bench)`);
  }
}

async function cleanUp() {
  for (const child of running) await stop(child).catch(() => {});
  await Promise.all(temporary.map((dir) => rm(dir, { recursive: true, force: true })));
}

process.on("SIGINT", () => {
  void cleanUp().then(() => process.exit(130));
});
try {
  await main();
} finally {
  await cleanUp();
}
