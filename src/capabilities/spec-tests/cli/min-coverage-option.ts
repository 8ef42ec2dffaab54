import { InvalidArgumentError } from 'commander';

/**
 * `--min-coverage 80` → 80: the share of documented responses a run must see, in percent (0 to
 * 100, a fraction allowed). Anything else is a usage error commander prints (exit 2).
 */
export function parseMinCoverageOption(value: string): number {
  const percent = Number(value.trim().replace(/%$/, ''));
  if (value.trim() === '' || !Number.isFinite(percent) || percent < 0 || percent > 100)
    throw new InvalidArgumentError('expected a percentage from 0 to 100 of documented responses seen, for example 80');
  return percent;
}
