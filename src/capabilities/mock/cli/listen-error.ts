/** What to print when the mock or the proxy cannot listen where asked; undefined for any other error. */
export function listenErrorMessage(error: unknown, host: string, port: number): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code !== 'EADDRINUSE' && code !== 'EACCES' && code !== 'EADDRNOTAVAIL') return undefined;
  return `cannot listen on ${host}:${port} (${code}); choose another port with --port, or --port 0 for a free one`;
}
