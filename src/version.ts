// Replaced at build time by esbuild's `define` (scripts/build.mjs) and by vitest's (vitest.config.ts).
declare const FALCON_VERSION: string;

export const VERSION: string = FALCON_VERSION;
