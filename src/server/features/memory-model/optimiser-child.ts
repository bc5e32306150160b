/**
 * The optimiser's child process (decision 0046): optimiser-process.ts forks it for one fit. It
 * receives one task, checks it, fits, replies once and exits. fsrs-rs is native code: a panic in it
 * aborts the process it runs in (one is known, and its input is never built; others may exist), as
 * do a crash or running out of memory. Here that ends this process only: the server records the fit
 * as failed and the learner keeps what they had.
 *
 * Argument: the memory (resident set, MB) past which it stops itself. The native optimiser's memory
 * is outside the JavaScript heap that --max-old-space-size bounds; it is checked every 100 ms,
 * which the fit allows because the native training runs off this process's main thread.
 */
import { unlinkSync } from "node:fs";
import { fsrsNative } from "./fsrs-native";
import { fitItems, trainingItems } from "./optimiser-fit";
import { CHILD_EXIT, type ChildReply, failedReply, taskSetFrom } from "./optimiser-messages";

const MEMORY_CHECK_MS = 100;

/**
 * The largest resident memory the checks saw (MB). Not getrusage's maxRSS: Linux keeps it across
 * the exec that follows the fork, so it starts at the server's own size.
 */
let peakMemoryMb = 0;

function checkMemory(limitMb: number): void {
  const rssMb = process.memoryUsage.rss() / (1024 * 1024);
  peakMemoryMb = Math.max(peakMemoryMb, rssMb);
  if (!(rssMb > limitMb)) return;
  process.stderr.write(`The optimiser used more than ${limitMb} MB of memory and stopped.\n`);
  process.exit(CHILD_EXIT.memory);
}

function watchMemory(limitMb: number): void {
  if (!(Number.isFinite(limitMb) && limitMb > 0)) return;
  setInterval(() => checkMemory(limitMb), MEMORY_CHECK_MS).unref();
}

/**
 * Test-only (src/server/faults/optimiser-child.faults.test.ts): with NODE_ENV=test and
 * MEMORY_MODEL_TEST_PANIC_FILE naming a file that exists, the file is removed (only one fit is hit)
 * and the training items get the input fsrs-rs is known to panic on: a card answered twice the same
 * day, with no answer a day after another. Read here only, from the environment the server was
 * started with: nothing a request sends reaches it.
 */
function testPanicRequested(): boolean {
  const file = process.env.MEMORY_MODEL_TEST_PANIC_FILE;
  if (process.env.NODE_ENV !== "test" || !file) return false;
  try {
    unlinkSync(file);
    return true;
  } catch {
    return false;
  }
}

function send(reply: ChildReply): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send) resolve();
    else process.send(reply, undefined, {}, () => resolve());
  });
}

async function fitTask(message: unknown): Promise<void> {
  const started = performance.now();
  let reply: ChildReply;
  try {
    const items = trainingItems(taskSetFrom(message));
    if (testPanicRequested()) {
      const { FSRSBindingItem, FSRSBindingReview } = fsrsNative();
      items.push(new FSRSBindingItem([new FSRSBindingReview(3, 0), new FSRSBindingReview(3, 0)]));
    }
    const result = await fitItems(items);
    checkMemory(memoryLimitMb);
    const usage = process.resourceUsage();
    reply = {
      type: "result",
      result,
      fitMs: performance.now() - started,
      cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000,
      peakMemoryMb,
    };
  } catch (error) {
    reply = failedReply(error);
  }
  await send(reply);
  process.exit(0);
}

if (!process.send) {
  console.error("The optimiser's child process is started by the server (fork), not on its own.");
  process.exit(CHILD_EXIT.usage);
}
const memoryLimitMb = Number(process.argv[2]);
watchMemory(memoryLimitMb);
// The server stopped (or was killed) before the reply: nothing to fit for.
process.once("disconnect", () => process.exit(CHILD_EXIT.orphaned));
process.once("message", (message: unknown) => void fitTask(message));
