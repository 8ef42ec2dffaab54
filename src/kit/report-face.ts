import type { Page } from './page.js';

/** Where one kind of report is listed and shown in the dashboard, and what it is called. */
export interface ReportPlace {
  /** The kind's id, unique among the capabilities: `flow`. */
  kind: string;
  /** The word before "report" in messages: `flow` (a flow report). */
  noun: string;
  /** Its section's id (the navigation marks it on the kind's pages), and the section's label there. */
  section: string;
  nav: string;
  /** Where its reports are listed; one report is at `<path>/<file name>`. */
  path: string;
  /** The list's title (`Flow runs`) and one report's (`Flow run`). */
  title: string;
  one: string;
  /** Markup naming the command that writes one: `<code>falcon flow run</code>`. */
  howToRun: string;
  /** Its place among the report sections of the navigation and the overview, lowest first; also the order reports are recognised in. */
  order: number;
}

/** A report as the dashboard holds it: its kind and what its face read from the JSON (`run`, `result`). */
export type ReportContent = { kind: string } & Record<string, unknown>;

export interface ReportVerdict {
  /** A word or two with a mark besides the colour: `✓ passed`, `✗ 2 findings`. */
  text: string;
  className: 'pass' | 'fail';
}

/**
 * What a capability brings to the dashboard for one kind of report it writes to .falcon/reports/:
 * where the kind is listed, how its JSON is told apart and read, its page, and the facts the lists
 * show of each report. `Read` is what `read` returns; the dashboard adds the kind.
 */
export interface ReportFace<Read extends object> extends ReportPlace {
  /** Whether a JSON object's fields say it is a report of this kind; `read` then checks it whole. */
  recognise(fields: Readonly<Record<string, unknown>>): boolean;
  /** The report checked; throws an UnreadableReportError (src/kit/read-report.ts) saying why it cannot be shown. */
  read(value: unknown, text: string, fileName: string): Read | Promise<Read>;
  /** The report's page; it imports what draws it, so the faces stay light for the sessions that load them for their tools. */
  page(fileName: string, report: Read): Promise<Page>;
  /** What the run was about: the API's title, the load's target, the flow's name. */
  runTitle(report: Read): string;
  verdict(report: Read): ReportVerdict;
  /** The run's figures on one line. */
  figures(report: Read): string;
  /** When the run started, when the report says (an ISO time); else the file's time is shown. */
  startedAt?(report: Read): string;
}

/** A report face as the dashboard iterates them, whatever its report holds: each is only given what it read itself. */
export type AnyReportFace = ReportFace<object>;

export function defineReportFace<Read extends object>(face: ReportFace<Read>): AnyReportFace {
  return face;
}

/** `✓ passed`, or `✗ <failed>`. */
export function passedOr(passed: boolean, failed: string): ReportVerdict {
  return passed ? { text: '✓ passed', className: 'pass' } : { text: `✗ ${failed}`, className: 'fail' };
}
