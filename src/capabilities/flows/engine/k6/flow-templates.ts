import { JsCode, jsString, type JsValue } from '../../../../engines/perf/k6/js-source.js';
import type { SecretReferences } from '../../../../engines/perf/k6/secret-references.js';

const PLACEHOLDER = /\{\{\s*([^{}]+?)\s*\}\}/g;

/**
 * A flow's texts as script expressions: `{{env:NAME}}` reads `__ENV.NAME`, `{{VAR}}` reads the run's
 * variables (`v(vars, "VAR")`: the flow's vars and what steps extracted, then `__ENV`), and a
 * registered secret written as is is read from `__ENV` by the secret references.
 */
export class FlowTemplates {
  /**
   * What the script reads from `__ENV` besides secrets, in first-use order: `{{VAR}}` the run does
   * not set itself (`variable`: Falcon's environments may know its value) and `{{env:NAME}}` (`environment`).
   */
  readonly fromEnvironment = new Map<string, 'variable' | 'environment'>();
  private readonly provided: Set<string>;

  constructor(
    readonly references: SecretReferences,
    flowVars: Iterable<string>,
  ) {
    this.provided = new Set(flowVars);
  }

  /** Names the script sets in `vars` from here on (a step's extracted values, a `foreach` row's columns): later `{{NAME}}` are not read from `__ENV`. */
  provide(names: Iterable<string>): void {
    for (const name of names) this.provided.add(name);
  }

  text(text: string): JsCode {
    const pieces: string[] = [];
    let start = 0;
    for (const match of text.matchAll(PLACEHOLDER)) {
      if (match.index > start) pieces.push(this.references.expression(text.slice(start, match.index)).code);
      pieces.push(this.placeholder(match[1]!));
      start = match.index + match[0].length;
    }
    if (start < text.length || pieces.length === 0) pieces.push(this.references.expression(text.slice(start)).code);
    return new JsCode(pieces.join(' + '));
  }

  /** A body or header map: every string in it as an expression, the rest as written. */
  value(value: unknown): JsValue {
    if (typeof value === 'string') return this.text(value);
    if (typeof value === 'number' || typeof value === 'boolean' || value === null) return value;
    if (Array.isArray(value)) return value.map((item) => this.value(item));
    if (typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, this.value(item)]));
    return null;
  }

  private placeholder(name: string): string {
    if (!name.startsWith('env:')) {
      if (!this.provided.has(name) && !this.fromEnvironment.has(name)) this.fromEnvironment.set(name, 'variable');
      return `v(vars, ${jsString(name)})`;
    }
    const variable = name.slice('env:'.length).trim();
    if (!this.fromEnvironment.has(variable)) this.fromEnvironment.set(variable, 'environment');
    return `__ENV[${jsString(variable)}]`;
  }
}
