/**
 * How late the event loop runs (perf_hooks' delay histogram), so an operator sees a stall: GET
 * /api/health reports the p99 and the maximum of the last 10 to 20 seconds, and the server's log
 * gets a line when a window's maximum passed STALL_MS, at most one a minute (decision 0036).
 */
import { type IntervalHistogram, monitorEventLoopDelay } from "node:perf_hooks";

/** A loop later than this stalls every request in the process: worth a line in the log. */
export const STALL_MS = 100;
const WINDOW_MS = 10_000;
const LOG_EVERY_MS = 60_000;

export interface DelaySummary {
  p99Ms: number;
  maxMs: number;
}

const toMs = (nanoseconds: number) => Math.round(nanoseconds / 1e4) / 100;

export class EventLoopDelay {
  private readonly histogram: IntervalHistogram = monitorEventLoopDelay({ resolution: 10 });
  private previous: DelaySummary = { p99Ms: 0, maxMs: 0 };
  private readonly timer: NodeJS.Timeout;
  private lastLogAt = Number.NEGATIVE_INFINITY;
  private stallsUnlogged = 0;

  constructor(private readonly options: { windowMs?: number; log?: (line: string) => void } = {}) {
    this.histogram.enable();
    this.timer = setInterval(() => this.endWindow(), options.windowMs ?? WINDOW_MS);
    this.timer.unref();
  }

  /** The last full window and the one under way, together. */
  summary(): DelaySummary {
    const current = this.current();
    return { p99Ms: Math.max(current.p99Ms, this.previous.p99Ms), maxMs: Math.max(current.maxMs, this.previous.maxMs) };
  }

  stop() {
    clearInterval(this.timer);
    this.histogram.disable();
  }

  private current(): DelaySummary {
    // An empty histogram reports huge sentinels: no sample yet means no delay seen.
    if (this.histogram.count === 0) return { p99Ms: 0, maxMs: 0 };
    return { p99Ms: toMs(this.histogram.percentile(99)), maxMs: toMs(this.histogram.max) };
  }

  private endWindow() {
    this.previous = this.current();
    this.histogram.reset();
    const { log } = this.options;
    if (!log || this.previous.maxMs <= STALL_MS) return;
    this.stallsUnlogged++;
    const now = Date.now();
    if (now - this.lastLogAt < LOG_EVERY_MS) return;
    const others =
      this.stallsUnlogged > 1 ? ` (${this.stallsUnlogged - 1} more stalled window(s) since the last line)` : "";
    log(
      `Event loop stalled: requests waited up to ${Math.round(this.previous.maxMs)} ms ` +
        `(p99 ${Math.round(this.previous.p99Ms)} ms) in the last ${(this.options.windowMs ?? WINDOW_MS) / 1000} s${others}.`,
    );
    this.lastLogAt = now;
    this.stallsUnlogged = 0;
  }
}

let processDelay: EventLoopDelay | undefined;

/**
 * The process's one monitor (the event loop is the process's), started on first use; the server
 * starts it with the log (index.ts), API tests without.
 */
export function eventLoopDelay(log?: (line: string) => void): EventLoopDelay {
  processDelay ??= new EventLoopDelay({ log });
  return processDelay;
}
