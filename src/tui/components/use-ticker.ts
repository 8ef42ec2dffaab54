import { useEffect, useState } from 'react';
import { everyFrame, FRAME_MS } from '../frame-clock.js';

/** A counter that goes up every `intervalMs` (on the frame clock) while `active`; no timer runs otherwise. */
export function useTicker(intervalMs: number, active: boolean): number {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!active) return;
    const framesPerTick = Math.max(1, Math.round(intervalMs / FRAME_MS));
    let frames = 0;
    return everyFrame(() => {
      frames = (frames + 1) % framesPerTick;
      if (frames === 0) setTick((previous) => previous + 1);
    });
  }, [intervalMs, active]);
  return tick;
}
