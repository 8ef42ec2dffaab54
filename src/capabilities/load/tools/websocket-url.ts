/** A ws:// or wss:// URL, before its placeholders are resolved: run_performance loads WebSocket messages there. */
export function isWebSocketUrl(url: string | undefined): boolean {
  return url !== undefined && /^wss?:\/\//i.test(url.trim());
}
