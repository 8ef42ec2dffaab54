import type { styleFor } from '../../../kit/command/terminal-style.js';
import type { SpecFacts } from '../../../engines/spec/summarize-spec.js';
import { terminalSafeText } from '../../../safety/terminal-text.js';

/**
 * An ingested spec as a terminal shows it: its name in bold, where it came from, its servers and
 * auth, then its operations per tag in aligned columns. Names come from the spec: shown terminal-safe.
 */
export function specSummaryText(facts: SpecFacts, style: ReturnType<typeof styleFor>): string[] {
  const safe = (text: string) => terminalSafeText(text).replace(/\n/g, ' ');
  const tags = facts.tags.map(([tag, count]) => [safe(tag), String(count)] as const);
  const tagWidth = Math.max(0, ...tags.map(([tag]) => tag.length));
  const countWidth = Math.max(0, ...tags.map(([, count]) => count.length));
  return [
    style('bold', safe(facts.label)),
    safe(facts.origin),
    '',
    `${style('dim', 'Servers')}  ${safe(facts.servers)}`,
    `${style('dim', 'Auth')}     ${safe(facts.auth)}`,
    ...(tags.length > 0 ? ['', 'Operations by tag:', ...tags.map(([tag, count]) => `  ${tag.padEnd(tagWidth)}  ${count.padStart(countWidth)}`)] : []),
  ];
}
