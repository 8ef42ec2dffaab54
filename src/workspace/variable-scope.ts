import { listEnvironments, loadEnvironment } from './environments.js';
import { readGlobalVariables } from './global-variables.js';

/** `{{NAME}}`, `{{ NAME }}`, `{{env:NAME}}`: the name is the first group. */
export const PLACEHOLDER = /\{\{\s*([\w.:-]+)\s*\}\}/g;
const PROCESS_ENV_PREFIX = 'env:';

export class UnknownVariableError extends Error {
  override name = 'UnknownVariableError';
}

/**
 * `{{VAR}}` resolution (DESIGN §5): session variables, then the active environment, then the
 * project's global variables, then `{{env:NAME}}` from the process environment.
 */
export class VariableScope {
  readonly session = new Map<string, string>();
  private active: string | undefined;

  constructor(
    private readonly projectRoot: string,
    private readonly env: NodeJS.ProcessEnv,
    environment?: string,
  ) {
    this.active = environment;
  }

  get environment(): string | undefined {
    return this.active;
  }

  /** The environment to start with: the one given, else `dev` when the project has it. */
  static async open(projectRoot: string, env: NodeJS.ProcessEnv, environment?: string): Promise<VariableScope> {
    const names = await listEnvironments(projectRoot);
    const start = environment ?? (names.includes('dev') ? 'dev' : undefined);
    return new VariableScope(projectRoot, env, start);
  }

  /**
   * A scope for one use (a data row, a chain): `values` win over the session, which is copied as
   * it is now; the environment, global and process variables are the same as this scope's.
   */
  withValues(values: Record<string, string>): VariableScope {
    const scope = new VariableScope(this.projectRoot, this.env, this.active);
    for (const [name, value] of [...this.session, ...Object.entries(values)]) scope.session.set(name, value);
    return scope;
  }

  async useEnvironment(name: string): Promise<void> {
    await loadEnvironment(this.projectRoot, name);
    this.active = name;
  }

  /** Replaces every placeholder in a string; unknown names are one error that lists them all. */
  resolve(text: string): Promise<string> {
    return this.resolveDeep(text);
  }

  /**
   * Resolves every string inside a JSON-like value (objects, arrays, keys included), keeping its
   * shape; the variables are read once, and every unknown name in the whole value is one error.
   */
  async resolveDeep<T>(value: T): Promise<T> {
    const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
    if (!text.includes('{{')) return value;
    const lookup = await this.lookup();
    const unknown = new Set<string>();
    const resolved = mapStrings(value, (string) => substitute(string, lookup, unknown));
    if (unknown.size > 0) throw new UnknownVariableError(this.describeUnknown([...unknown]));
    return resolved;
  }

  private async lookup(): Promise<(name: string) => string | undefined> {
    const environment = this.active ? await loadEnvironment(this.projectRoot, this.active) : {};
    const global = await readGlobalVariables(this.projectRoot);
    return (name) => {
      if (name.startsWith(PROCESS_ENV_PREFIX)) return this.env[name.slice(PROCESS_ENV_PREFIX.length)];
      return this.session.get(name) ?? environment[name] ?? global[name];
    };
  }

  private describeUnknown(names: string[]): string {
    const list = names.map((name) => `{{${name}}}`).join(', ');
    if (names.every((name) => name.startsWith(PROCESS_ENV_PREFIX))) {
      return `unknown variable${names.length > 1 ? 's' : ''} ${list}: not set in the process environment (export it, or add it to .env)`;
    }
    const where = this.active ? `the session, environment "${this.active}" or .falcon/variables.json` : 'the session or .falcon/variables.json (no environment is active)';
    return `unknown variable${names.length > 1 ? 's' : ''} ${list}: not set in ${where}`;
  }
}

function substitute(text: string, lookup: (name: string) => string | undefined, unknown: Set<string>): string {
  const fill = (whole: string, name: string): string => {
    const value = lookup(name);
    if (value === undefined) unknown.add(name);
    return value ?? whole;
  };
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = fill(whole, name);
    if (name.startsWith(PROCESS_ENV_PREFIX)) return value;
    // Environment files keep secrets as "{{env:NAME}}"; only those are filled in a value, once.
    return value.replace(PLACEHOLDER, (inner, innerName: string) => (innerName.startsWith(PROCESS_ENV_PREFIX) ? fill(inner, innerName) : inner));
  });
}

function mapStrings<T>(value: T, map: (text: string) => string): T {
  if (typeof value === 'string') return map(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => mapStrings(item, map)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [map(key), mapStrings(item, map)])) as T;
  }
  return value;
}
