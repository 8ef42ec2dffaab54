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

  async useEnvironment(name: string): Promise<void> {
    await loadEnvironment(this.projectRoot, name);
    this.active = name;
  }

  /** Replaces every placeholder in a string; unknown names are one error that lists them all. */
  async resolve(text: string): Promise<string> {
    if (!text.includes('{{')) return text;
    const lookup = await this.lookup();
    const unknown = new Set<string>();
    const fill = (whole: string, name: string): string => {
      const value = lookup(name);
      if (value === undefined) unknown.add(name);
      return value ?? whole;
    };
    const resolved = text.replace(PLACEHOLDER, (whole, name: string) => {
      const value = fill(whole, name);
      if (name.startsWith(PROCESS_ENV_PREFIX)) return value;
      // Environment files keep secrets as "{{env:NAME}}"; only those are filled in a value, once.
      return value.replace(PLACEHOLDER, (inner, innerName: string) => (innerName.startsWith(PROCESS_ENV_PREFIX) ? fill(inner, innerName) : inner));
    });
    if (unknown.size > 0) throw new UnknownVariableError(this.describeUnknown([...unknown]));
    return resolved;
  }

  /** Resolves every string inside a JSON-like value (objects, arrays), keeping its shape. */
  async resolveDeep<T>(value: T): Promise<T> {
    if (typeof value === 'string') return (await this.resolve(value)) as T;
    if (Array.isArray(value)) return (await Promise.all(value.map((item) => this.resolveDeep(item)))) as T;
    if (value && typeof value === 'object') {
      const entries = await Promise.all(
        Object.entries(value).map(async ([key, item]) => [await this.resolve(key), await this.resolveDeep(item)]),
      );
      return Object.fromEntries(entries) as T;
    }
    return value;
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
