/**
 * The optimiser runs in a child process of its own, one per fit (decision 0046): fitting a model
 * takes from a fraction of a second to tens of seconds of CPU, which the event loop must never wait
 * for, and the optimiser is native code (fsrs-rs) that aborts the process it runs in when it panics.
 * In a worker thread that abort took the whole server down; in a child it costs one fit.
 *
 * Bounded: one child at a time (the queue in optimiser.ts hands over one job at a time, and a
 * second run is refused while one is under way), a time limit (SIGKILL past it, start-up included),
 * a JavaScript heap limit (--max-old-space-size) and a resident-memory limit the child checks
 * itself (the native part's memory is outside the heap; the training set's size is bounded too:
 * OPTIMISE_MAX_ANSWERS, 64 answers a card), only the environment it needs (no database address or
 * secrets), and its one reply checked before use. A fit counts only when the child replied with a
 * valid result and then exited with code 0: any other end (a signal, another code, no reply, a
 * reply that is not one) is a failed fit, and the next fit starts a new child.
 */
import { type ChildProcess, fork } from "node:child_process";
import { childProcessFile } from "@server/workers/worker-file";
import { PARAMETER_COUNT } from "@shared/memory/scheduler";
import { z } from "zod";
import {
  CHILD_ERROR_MAX,
  CHILD_EXIT,
  type ChildReply,
  type ModelFit,
  type OptimiseResult,
  type OptimiseTask,
} from "./optimiser-messages";
import type { TrainingSet } from "./training-set";

export interface OptimiserProcessOptions {
  /** A fit running longer (its child's start included) is stopped and fails. */
  timeoutMs: number;
  /** The child's JavaScript heap limit (MB). */
  heapMb?: number;
  /** The child's resident memory limit (MB): the heap, the native optimiser and Node itself. */
  memoryMb?: number;
}

/** The largest training set (100,000 answers) peaks at ~250 MB resident in the child (bench:optimiser). */
export const DEFAULT_CHILD_HEAP_MB = 512;
export const DEFAULT_CHILD_MEMORY_MB = 1024;

/** A fit as the child reported it. */
export interface OptimiserRun {
  result: OptimiseResult;
  /** The fit itself, in the child (ms). */
  fitMs: number;
  /** The child's CPU time, start-up and fit, all its threads (ms). */
  childCpuMs: number;
  /** The child's peak resident memory (MB). */
  childPeakMemoryMb: number;
  /** How long `fork` held the server's event loop (ms): Node forks and waits for the exec. */
  forkMs: number;
}

// zod 4's numbers are finite: NaN and ±Infinity are refused.
const modelFitSchema = z.object({
  logLoss: z.number().nonnegative(),
  rmse: z.number().min(0).max(1),
}) satisfies z.ZodType<ModelFit>;

const childReplySchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("result"),
    result: z.object({
      parameters: z.array(z.number()).length(PARAMETER_COUNT),
      items: z.number().int().nonnegative(),
      defaults: modelFitSchema,
      personal: modelFitSchema,
    }),
    fitMs: z.number().nonnegative(),
    cpuMs: z.number().nonnegative(),
    peakMemoryMb: z.number().nonnegative(),
  }),
  z.object({ type: z.literal("failed"), error: z.string().max(CHILD_ERROR_MAX) }),
]) satisfies z.ZodType<ChildReply>;

/** The child's reply, checked (never trusted unchecked); throws saying what is wrong with it. */
export function childReplyFrom(message: unknown): ChildReply {
  const parsed = childReplySchema.safeParse(message);
  if (!parsed.success) throw new Error(`it sent a message that is not a reply: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** What the child's environment keeps of the server's: what Node, tsx and the test hook read. */
const CHILD_ENVIRONMENT = ["PATH", "HOME", "TMPDIR", "LANG", "TZ", "NODE_ENV", "MEMORY_MODEL_TEST_PANIC_FILE"];

/** Of the child's error output (a native panic's message, then its backtrace), this much is kept. */
const STDERR_KEPT = 4000;

function childEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const name of CHILD_ENVIRONMENT) if (process.env[name] !== undefined) env[name] = process.env[name];
  return env;
}

/**
 * The lines of the child's error output that say what happened: a backtrace's frames left out, and
 * a source location shortened to its file ("panicked at dataset.rs:62:14").
 */
function whatItSaid(stderr: string): string {
  const lines = stderr
    .split("\n")
    .map((line) => line.trim().replace(/\S*\/([^/\s]+:\d+:\d+)/g, "$1"))
    .filter((line) => line && !/^(\d+:|at |stack backtrace:|note: )/.test(line));
  return lines.join(" / ").slice(0, 400);
}

function exitText(code: number | null, signal: NodeJS.Signals | null): string {
  if (signal) return `was killed by ${signal}`;
  if (code === CHILD_EXIT.memory) return "ran out of its memory limit";
  return `exited with code ${code}`;
}

export class OptimiserProcess {
  private current: { stop: (why: string) => void; ended: Promise<void> } | null = null;
  private closed = false;

  constructor(private readonly options: OptimiserProcessOptions) {}

  /** Fits the model in a new child; rejects on the optimiser's failure, the child's end or the time limit. */
  run(set: TrainingSet): Promise<OptimiserRun> {
    if (this.closed) return Promise.reject(new Error("the optimiser is stopped"));
    if (this.current) return Promise.reject(new Error("a fit is already running"));
    const { timeoutMs, heapMb = DEFAULT_CHILD_HEAP_MB, memoryMb = DEFAULT_CHILD_MEMORY_MB } = this.options;
    const { modulePath, execArgv } = childProcessFile(
      "optimiser-child",
      new URL("./optimiser-child.ts", import.meta.url),
    );
    let child: ChildProcess;
    const forkStarted = performance.now();
    try {
      child = fork(modulePath, [String(memoryMb)], {
        execArgv: [...execArgv, `--max-old-space-size=${heapMb}`],
        env: childEnvironment(),
        serialization: "advanced",
        stdio: ["ignore", "ignore", "pipe", "ipc"],
      });
    } catch (error) {
      return Promise.reject(error);
    }
    const forkMs = performance.now() - forkStarted;

    let stderr = "";
    child.stderr?.setEncoding("utf8");
    child.stderr?.on("data", (chunk: string) => {
      if (stderr.length < STDERR_KEPT) stderr += chunk.slice(0, STDERR_KEPT - stderr.length);
    });

    let reply: ChildReply | undefined;
    let stoppedBecause: string | undefined;
    let exited = false;
    let markEnded = () => {};
    const ended = new Promise<void>((resolve) => (markEnded = resolve));
    /** Kills the child (once), the reason kept for the fit's error. */
    const stop = (why: string) => {
      stoppedBecause ??= why;
      if (!exited) child.kill("SIGKILL");
    };

    const outcome = new Promise<OptimiserRun>((resolve, reject) => {
      let settled = false;
      const settle = (result: OptimiserRun | Error) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.current = null;
        markEnded();
        if (result instanceof Error) reject(result);
        else resolve(result);
      };
      const timer = setTimeout(() => stop(`it ran past its time limit of ${timeoutMs} ms`), timeoutMs);
      child.on("message", (message: unknown) => {
        if (reply) {
          stop("it sent more than one reply");
          return;
        }
        try {
          reply = childReplyFrom(message);
        } catch (error) {
          stop(error instanceof Error ? error.message : String(error));
        }
      });
      child.on("error", (error) => {
        // Never started (no process id): no "close" follows.
        if (child.pid === undefined) settle(new Error(`The optimiser process could not be started: ${error.message}`));
        else stop(`it could not be reached: ${error.message}`);
      });
      child.once("close", (code: number | null, signal: NodeJS.Signals | null) => {
        exited = true;
        if (!stoppedBecause && code === 0 && reply?.type === "result") {
          settle({
            result: reply.result,
            fitMs: reply.fitMs,
            childCpuMs: reply.cpuMs,
            childPeakMemoryMb: reply.peakMemoryMb,
            forkMs,
          });
        } else if (!stoppedBecause && code === 0 && reply?.type === "failed") {
          settle(new Error(reply.error));
        } else {
          const said = whatItSaid(stderr);
          const how = stoppedBecause
            ? `was stopped: ${stoppedBecause}`
            : `${exitText(code, signal)}${reply ? "" : " without a reply"}`;
          settle(new Error(`The optimiser process ${how}${said ? ` (${said})` : ""}`));
        }
      });
      this.current = { stop, ended };
    });

    child.send({ type: "optimise", set } satisfies OptimiseTask, (error) => {
      if (error) stop(`the task could not be sent: ${error.message}`);
    });
    return outcome;
  }

  /** Stops taking fits and kills a child under way (its fit fails), resolving once it has ended. */
  async close(): Promise<void> {
    this.closed = true;
    const current = this.current;
    if (!current) return;
    current.stop("the server is stopping");
    await current.ended;
  }
}
