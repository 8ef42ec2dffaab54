import { terminalSafeText } from '../../../../safety/terminal-text.js';
import type { Severity } from './diff-rules.js';
import type { SpecChange } from './spec-change.js';
import type { ComparedSpec, SpecDiffReport } from './spec-diff-report.js';

/** Colours for a terminal (`styleFor`), or none. */
export type TextStyle = (style: 'red' | 'yellow' | 'dim' | 'bold', text: string) => string;

export interface SpecDiffTextOptions {
  style?: TextStyle;
  /** At most this many changes listed: non-breaking ones are left out first, then the rest cut, each said. */
  mostChanges?: number;
}

const SEVERITY_WIDTH = 'non-breaking'.length;
const SEVERITY_STYLE: Record<Severity, 'red' | 'yellow' | 'dim'> = { breaking: 'red', warning: 'yellow', 'non-breaking': 'dim' };
const WHOLE_API = 'The API as a whole';

/**
 * The changes as text, by operation (the document's own first), breaking first within each:
 * `  breaking      response 200 › body › email: removed (it was required)`, then the counts.
 * Every text from the specs is made terminal-safe.
 */
export function specDiffText(report: SpecDiffReport, options: SpecDiffTextOptions = {}): string {
  const style = options.style ?? ((_style, text) => text);
  const heading = `${describe(report.old)} → ${describe(report.new)}`;
  if (report.changes.length === 0) return `${heading}\n\nNo changes.`;
  const { shown, notes } = listed(report.changes, options.mostChanges);
  const lines = [heading];
  let group: string | undefined;
  for (const change of shown) {
    const name = change.operation ?? WHOLE_API;
    if (name !== group) {
      lines.push('', style('bold', safe(name)));
      group = name;
    }
    const where = change.location.length > 0 ? `${change.location.join(' › ')}: ` : '';
    lines.push(`  ${style(SEVERITY_STYLE[change.severity], change.severity.padEnd(SEVERITY_WIDTH))}  ${safe(`${where}${change.message}`)}`);
  }
  lines.push('', ...notes, counts(report));
  return lines.join('\n');
}

function listed(changes: readonly SpecChange[], most = Infinity): { shown: readonly SpecChange[]; notes: string[] } {
  if (changes.length <= most) return { shown: changes, notes: [] };
  const notes: string[] = [];
  let shown = changes;
  const important = changes.filter((change) => change.severity !== 'non-breaking');
  if (important.length < changes.length) {
    shown = important;
    notes.push(`(${changes.length - important.length} non-breaking changes not listed)`);
  }
  if (shown.length > most) {
    notes.push(`(${shown.length - most} more changes not listed)`);
    shown = shown.slice(0, most);
  }
  return { shown, notes };
}

function counts(report: SpecDiffReport): string {
  const { breaking, warning, 'non-breaking': nonBreaking } = report.counts;
  return `${plural(breaking, 'breaking change')}, ${plural(warning, 'warning')}, ${nonBreaking} non-breaking`;
}

function describe(spec: ComparedSpec): string {
  return safe(`${spec.title}${spec.version ? ` ${spec.version}` : ''} (${spec.source})`);
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

function safe(text: string): string {
  return terminalSafeText(text.replace(/[\r\n]+/g, ' '));
}
