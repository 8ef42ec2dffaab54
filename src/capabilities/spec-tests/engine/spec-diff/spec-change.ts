import { DIFF_RULES, type RuleId, type Severity } from './diff-rules.js';

/** One difference between the old and the new spec. */
export interface SpecChange {
  rule: RuleId;
  severity: Severity;
  /** `GET /users/{id}` (the new spec's path when both have it); absent for a change of the whole document. */
  operation?: string;
  /** Where in the operation (or the document), outermost first: `["response 200", "body", "email"]`. */
  location: string[];
  /** What happened there: `removed (it was required)`, `maximum lowered from 100 to 50`. */
  message: string;
}

/** Where changes go as they are found, each under the operation and location it is told. */
export class ChangeLog {
  readonly changes: SpecChange[] = [];

  record(rule: RuleId, operation: string | undefined, location: readonly string[], message: string): void {
    this.changes.push({ rule, severity: DIFF_RULES[rule].severity, ...(operation !== undefined && { operation }), location: [...location], message });
  }

  /** A log that files everything under `operation`. */
  forOperation(operation: string): OperationChanges {
    return (rule, location, message) => this.record(rule, operation, location, message);
  }
}

/** Records a change of one operation. */
export type OperationChanges = (rule: RuleId, location: readonly string[], message: string) => void;

/** Where a change is, as one line: `GET /users/{id} › response 200 › body › email`. */
export function changePlace(change: Pick<SpecChange, 'operation' | 'location'>): string {
  return [...(change.operation === undefined ? [] : [change.operation]), ...change.location].join(' › ');
}

/** A change as one line: `GET /users/{id} › response 200 › body › email: removed (it was required)`. */
export function changeLine(change: SpecChange): string {
  const place = changePlace(change);
  return place === '' ? change.message : `${place}: ${change.message}`;
}
