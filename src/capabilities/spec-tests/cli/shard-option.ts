import { InvalidArgumentError } from 'commander';

const EXAMPLE = 'for example 1/4, 2/4, 3/4 and 4/4 in four jobs';

/**
 * `--shard 2/4` → `{ index: 2, count: 4 }`, 1-based. Anything else is a usage error naming what is
 * wrong (commander prints it and `falcon test` exits 2 before anything loads).
 */
export function parseShardOption(value: string): { index: number; count: number } {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(value);
  if (!match) throw new InvalidArgumentError(`expected i/n, part i of n (1-based), ${EXAMPLE}`);
  const index = Number(match[1]);
  const count = Number(match[2]);
  if (count < 1) throw new InvalidArgumentError(`the number of parts must be 1 or more, not ${count}; ${EXAMPLE}`);
  if (index < 1 || index > count) throw new InvalidArgumentError(`the part must be from 1 to ${count}, not ${index}; ${EXAMPLE}`);
  return { index, count };
}
