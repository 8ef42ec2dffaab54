/**
 * The headers of every page: nothing cached (pages hold what the project's files hold), and a
 * Content-Security-Policy that lets the page run only its own inline style and script (by `nonce`;
 * none when empty), fetch nothing but its own live feed, and never be framed by another page.
 */
export function pageHeaders(nonce: string): Record<string, string> {
  const own = nonce ? `'nonce-${nonce}'` : "'none'";
  return {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Security-Policy': `default-src 'none'; style-src ${own}; script-src ${own}; connect-src 'self'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
  };
}
