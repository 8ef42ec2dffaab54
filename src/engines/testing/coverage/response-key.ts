/**
 * The documented response a status answers to, as OpenAPI reads a `responses` object: the exact
 * code first (`404`), then its range (`4XX`, any case), then `default`; `undefined` when none
 * documents it (an undocumented status). So `default` is seen only by a status no code or range
 * of the operation names.
 */
export function responseKeyFor(status: number, documented: readonly string[]): string | undefined {
  const exact = documented.find((key) => key === String(status));
  if (exact !== undefined) return exact;
  const range = `${Math.floor(status / 100)}XX`;
  return documented.find((key) => key.toUpperCase() === range) ?? documented.find((key) => key.toLowerCase() === 'default');
}
