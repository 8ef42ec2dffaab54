import type { Paint } from './paint.js';
import type { ProviderSummary } from './summarize-providers.js';

/** The providers as aligned lines: name, model, where it is reached, its key, and its role. */
export function formatProviderList(providers: readonly ProviderSummary[], paint: Paint): string[] {
  const rows = providers.map((provider) => [provider.id, provider.model, whereReached(provider), keyOf(provider), roleOf(provider)]);
  const widths = [0, 1, 2, 3].map((column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row, index) => {
    const cells = row.map((cell, column) => (column < 4 ? cell.padEnd(widths[column]!) : cell));
    const line = `  ${cells.join('  ')}`.trimEnd();
    return providers[index]!.isDefault ? line.replace(/default$/, paint('green', 'default')) : line;
  });
}

function whereReached(provider: ProviderSummary): string {
  const url = provider.url ? `${provider.url}${provider.urlFrom ? ` (from ${provider.urlFrom})` : ''}` : 'default URL';
  return provider.mode ? `${url}, ${provider.mode}` : url;
}

function keyOf(provider: ProviderSummary): string {
  if (!provider.apiKey) return 'no key';
  return provider.apiKeyFrom ? `key (from ${provider.apiKeyFrom})` : `key ${provider.apiKey}`;
}

function roleOf(provider: ProviderSummary): string {
  if (provider.isDefault) return 'default';
  return provider.fallbackRank ? `fallback ${provider.fallbackRank}` : '';
}
