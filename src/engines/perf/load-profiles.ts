import type { Stage } from './perf-scenario.js';

export const PROFILES = ['load', 'stress', 'spike', 'soak'] as const;
export type Profile = (typeof PROFILES)[number];

/** A profile's run length when --duration is not given. */
export const PROFILE_DEFAULT_DURATION_MS: Record<Profile, number> = {
  load: 60_000,
  stress: 120_000,
  spike: 60_000,
  soak: 1_800_000,
};

/** [share of the duration, share of the peak] for each stage. */
const SHAPES: Record<Profile, Array<[number, number]>> = {
  // ramp up, hold at the peak, ramp down
  load: [
    [0.1, 1],
    [0.8, 1],
    [0.1, 0],
  ],
  // steps past the peak, to find where it breaks
  stress: [
    [0.1, 0.5],
    [0.1, 0.5],
    [0.1, 1],
    [0.1, 1],
    [0.1, 1.5],
    [0.1, 1.5],
    [0.1, 2],
    [0.2, 2],
    [0.1, 0],
  ],
  // a quiet baseline, a sudden surge, back to the baseline
  spike: [
    [0.1, 0.1],
    [0.2, 0.1],
    [0.05, 1],
    [0.3, 1],
    [0.05, 0.1],
    [0.3, 0.1],
  ],
  // a long hold at the peak
  soak: [
    [0.05, 1],
    [0.9, 1],
    [0.05, 0],
  ],
};

/** The profile's stages for a run of `durationMs` whose peak is `peak` connections or requests per second. */
export function profileStages(profile: Profile, durationMs: number, peak: number): Stage[] {
  return SHAPES[profile].map(([time, load]) => ({ durationMs: Math.round(durationMs * time), target: Math.round(peak * load * 100) / 100 }));
}
