import { InvalidArgumentError } from 'commander';

/** A share between 0 and 1: `0.05`. */
export function parseShare(value: string): number {
  const share = Number(value);
  if (value.trim() === '' || !Number.isFinite(share) || share < 0 || share > 1) throw new InvalidArgumentError('expected a share from 0 to 1, such as 0.05');
  return share;
}
