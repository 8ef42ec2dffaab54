import type { ServeFlags } from './serve-around.js';

/** Runs an engine command, around it the API's server when `--serve` is given (loaded only then). */
export async function served(flags: ServeFlags, run: () => Promise<number>): Promise<number> {
  if (!flags.serve) return run();
  const { serveAround } = await import('./serve-around.js');
  return serveAround(flags, run);
}
