const UNITS: Array<[name: string, seconds: number, usedBelowSeconds: number]> = [
  ['second', 1, 90],
  ['minute', 60, 90 * 60],
  ['hour', 3600, 36 * 3600],
  ['day', 86_400, Number.POSITIVE_INFINITY],
];

/** "in 14 minutes", "2 hours ago", "now": how far `target` is from `now`, in the largest fitting unit. */
export function describeRelativeTime(target: Date, now: Date): string {
  const seconds = Math.round((target.getTime() - now.getTime()) / 1000);
  const distance = Math.abs(seconds);
  if (distance < 1) return 'now';
  const [name, size] = UNITS.find(([, , below]) => distance < below) ?? UNITS[UNITS.length - 1]!;
  const count = Math.round(distance / size);
  const amount = `${count} ${name}${count === 1 ? '' : 's'}`;
  return seconds > 0 ? `in ${amount}` : `${amount} ago`;
}

/** `2025-01-31 14:03:00 UTC`: unambiguous for the model and the user alike. */
export function formatUtc(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}
