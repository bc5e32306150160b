/**
 * Shows a question for exactly its duration, to the frame.
 *
 * The question is committed to the DOM before this starts, so the next animation frame is the one
 * that paints it: that frame's timestamp is when it appeared. Each later frame checks the time, and
 * the first frame within half a frame of the duration hides the question synchronously (the
 * callback runs before that frame is painted). The error is thus at most half a frame, about 8 ms
 * at 60 Hz, whatever the timers are doing. Both moments are left as performance marks
 * ("flash-shown", "flash-hidden") for `npm run bench:timing`.
 */
const HALF_FRAME_MS = 1000 / 60 / 2;

export function flashFor(durationSeconds: number, hide: () => void, detail: Record<string, unknown> = {}): () => void {
  const durationMs = durationSeconds * 1000;
  let shownAt: number | null = null;
  let frame = requestAnimationFrame(function tick(now) {
    if (shownAt === null) {
      shownAt = now;
      performance.mark("flash-shown", { startTime: now, detail: { ...detail, durationMs } });
    } else if (now - shownAt >= durationMs - HALF_FRAME_MS) {
      performance.mark("flash-hidden", { startTime: now, detail: { ...detail, durationMs, shownAt } });
      hide();
      return;
    }
    frame = requestAnimationFrame(tick);
  });
  return () => cancelAnimationFrame(frame);
}
