// The interface's one clock. Streamed text, spinners and elapsed times change on its ticks, so the
// updates of one tick reach React in one task and make one frame: a spinner turning while text
// streams costs no frame of its own.

/** Time between frames: 25 a second reads as smooth and leaves the CPU mostly idle. */
export const FRAME_MS = 40;

const listeners = new Set<() => void>();
let timer: NodeJS.Timeout | undefined;

/** Calls `listener` on every tick until the returned function is called; no timer runs while nobody listens. */
export function everyFrame(listener: () => void): () => void {
  listeners.add(listener);
  timer ??= setInterval(tick, FRAME_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0 || timer === undefined) return;
    clearInterval(timer);
    timer = undefined;
  };
}

function tick(): void {
  for (const listener of [...listeners]) listener();
}
