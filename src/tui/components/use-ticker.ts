import { useEffect, useState } from 'react';

/** A counter that goes up every `intervalMs` while `active`; no timer runs otherwise. */
export function useTicker(intervalMs: number, active: boolean): number {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setTick((previous) => previous + 1), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, active]);
  return tick;
}
