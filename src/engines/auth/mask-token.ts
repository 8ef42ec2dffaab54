const SHOWN_PREFIX = 4;
const MIN_LENGTH_TO_SHOW_PREFIX = 16;

/** `eyJhbGciOi…` → `eyJh…(masked)`: enough to tell tokens apart, too little to use one. */
export function maskToken(value: string): string {
  return value.length >= MIN_LENGTH_TO_SHOW_PREFIX ? `${value.slice(0, SHOWN_PREFIX)}…(masked)` : '…(masked)';
}
