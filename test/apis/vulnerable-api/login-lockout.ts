/** The secure twin's login: this many failures for one account within FAILURE_WINDOW_MS lock it. */
export const FAILURES_BEFORE_LOCKOUT = 5;
const FAILURE_WINDOW_MS = 60_000;
export const LOCKOUT_SECONDS = 30;

/** Failed logins per username, and the accounts they locked. */
export class LoginLockout {
  private readonly failures = new Map<string, number[]>();
  private readonly lockedUntil = new Map<string, number>();

  /** Seconds until the account may try again; 0 when it may now. */
  retryAfter(username: string): number {
    const until = this.lockedUntil.get(username) ?? 0;
    return until > Date.now() ? Math.ceil((until - Date.now()) / 1000) : 0;
  }

  recordFailure(username: string): void {
    const now = Date.now();
    const recent = (this.failures.get(username) ?? []).filter((time) => now - time < FAILURE_WINDOW_MS);
    recent.push(now);
    this.failures.set(username, recent);
    if (recent.length >= FAILURES_BEFORE_LOCKOUT) this.lockedUntil.set(username, now + LOCKOUT_SECONDS * 1000);
  }

  recordSuccess(username: string): void {
    this.failures.delete(username);
  }
}
