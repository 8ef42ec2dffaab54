import type { Paint } from './paint.js';
import type { ProviderSummary } from './summarize-providers.js';

/** The providers as aligned lines: name, model, where it is reached, its key, a configured window and timeout, and its role. */
export function formatProviderList(providers: readonly ProviderSummary[], paint: Paint): string[] {
  const rows = providers.map((provider) => [provider.id, provider.model, whereReached(provider), keyOf(provider), limitsOf(provider), roleOf(provider)]);
  // A column nobody fills (no window or timeout configured anywhere) takes no room.
  const columns = [0, 1, 2, 3, 4, 5].filter((column) => rows.some((row) => row[column] !== ''));
  const last = columns.at(-1);
  const widths = columns.map((column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row, index) => {
    const cells = columns.map((column, at) => (column === last ? row[column]! : row[column]!.padEnd(widths[at]!)));
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

function limitsOf(provider: ProviderSummary): string {
  const parts = [
    provider.contextWindow !== undefined && `context ${provider.contextWindow.toLocaleString('en-US')}`,
    provider.numCtx !== undefined && `num_ctx ${provider.numCtx.toLocaleString('en-US')}`,
    provider.timeoutS !== undefined && `timeout ${provider.timeoutS} s`,
    provider.toolProtocol !== undefined && `tools ${provider.toolProtocol}`,
  ];
  return parts.filter(Boolean).join(', ');
}

function roleOf(provider: ProviderSummary): string {
  if (provider.isDefault) return 'default';
  return provider.fallbackRank ? `fallback ${provider.fallbackRank}` : '';
}
