/** Waits as a query or command that ran that long would keep the request waiting. */
export function sleepFor(seconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, seconds * 1000));
}
