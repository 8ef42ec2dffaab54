import { PROVIDER_KEY_VARIABLES } from '../config/provider-variables.js';
import { isWorthMasking } from '../safety/secret-candidate.js';
import { isSecretName } from '../safety/secret-names.js';
import { SecretRegistry } from '../safety/secret-registry.js';
import { listEnvironments, loadEnvironment } from './environments.js';
import { readGlobalVariables } from './global-variables.js';

/** `{{NAME}}`, `{{ NAME }}`, `{{env:NAME}}`: the name is the first group. */
export const PLACEHOLDER = /\{\{\s*([\w.:-]+)\s*\}\}/g;
const PROCESS_ENV_PREFIX = 'env:';

export class UnknownVariableError extends Error {
  override name = 'UnknownVariableError';
}

/** `{{env:NAME}}` naming a model provider's key: Falcon keeps those for the model and never sends them elsewhere. */
export class WithheldVariableError extends UnknownVariableError {
  override name = 'WithheldVariableError';
}

/** A lookup's answer for a variable that exists but may not be filled in. */
const WITHHELD = Symbol('withheld');
type Lookup = (name: string) => string | typeof WITHHELD | undefined;

/** The names a resolution could not fill in. */
interface Unfilled {
  unknown: Set<string>;
  withheld: Set<string>;
}

/**
 * `{{VAR}}` resolution (docs/ARCHITECTURE.md, "Configuration and the `.falcon/` folder"): session variables, then the active environment, then the
 * project's global variables, then `{{env:NAME}}` from the environment. Every value it fills in
 * from `{{env:NAME}}` or a secret-named variable (`API_TOKEN`) is registered in `secrets`. A model
 * provider's key (`{{env:OPENAI_API_KEY}}`, or any variable holding a key `secrets` withholds) is
 * never filled in.
 */
export class VariableScope {
  readonly session = new Map<string, string>();
  private active: string | undefined;
  /** Each value filled in from `{{env:NAME}}` worth noticing, with its NAME; shared with the scopes made by withValues. */
  private fromEnvironment = new Map<string, string>();

  /** `secrets`: the session's registry; a scope made for one use (a test) gets one of its own. */
  constructor(
    private readonly projectRoot: string,
    private readonly env: NodeJS.ProcessEnv,
    environment?: string,
    readonly secrets: SecretRegistry = new SecretRegistry(),
  ) {
    this.active = environment;
  }

  get environment(): string | undefined {
    return this.active;
  }

  /** The environment to start with: the one given, else `dev` when the project has it. */
  static async open(projectRoot: string, env: NodeJS.ProcessEnv, environment?: string, secrets?: SecretRegistry): Promise<VariableScope> {
    const names = await listEnvironments(projectRoot);
    const start = environment ?? (names.includes('dev') ? 'dev' : undefined);
    const scope = new VariableScope(projectRoot, env, start, secrets);
    await scope.noteEnvironmentSecrets();
    return scope;
  }

  /**
   * A scope for one use (a data row, a chain): `values` win over the session, which is copied as
   * it is now; the environment, global and process variables are the same as this scope's.
   */
  withValues(values: Record<string, string>): VariableScope {
    const scope = new VariableScope(this.projectRoot, this.env, this.active, this.secrets);
    scope.fromEnvironment = this.fromEnvironment;
    for (const [name, value] of [...this.session, ...Object.entries(values)]) scope.session.set(name, value);
    return scope;
  }

  async useEnvironment(name: string): Promise<void> {
    await loadEnvironment(this.projectRoot, name);
    this.active = name;
    await this.noteEnvironmentSecrets();
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
    const unfilled: Unfilled = { unknown: new Set(), withheld: new Set() };
    const resolved = mapStrings(value, (string) => substitute(string, lookup, unfilled, this.noteSecret));
    if (unfilled.withheld.size > 0) throw new WithheldVariableError(describeWithheld([...unfilled.withheld]));
    if (unfilled.unknown.size > 0) throw new UnknownVariableError(this.describeUnknown([...unfilled.unknown]));
    return resolved;
  }

  /**
   * The `{{env:NAME}}` variables a value (a request's URL, headers, body …) carries once resolved:
   * those its placeholders fill in, through the session's and the environment's variables too, and
   * those whose values, filled in before (a token an auth call took from the environment), it holds
   * as text. Names it cannot resolve carry nothing; it never throws for them.
   */
  async environmentVariablesIn(value: unknown): Promise<string[]> {
    const names = new Set<string>();
    const lookup = await this.lookup();
    const texts: string[] = [];
    mapStrings(value, (string) => {
      const filled = substitute(string, lookup, { unknown: new Set(), withheld: new Set() }, (name, found) => {
        this.noteSecret(name, found);
        if (name.startsWith(PROCESS_ENV_PREFIX)) names.add(name.slice(PROCESS_ENV_PREFIX.length));
      });
      texts.push(filled);
      return filled;
    });
    for (const [found, name] of this.fromEnvironment) if (texts.some((text) => text.includes(found))) names.add(name);
    return [...names].sort();
  }

  private async lookup(): Promise<Lookup> {
    const environment = this.active ? await loadEnvironment(this.projectRoot, this.active) : {};
    const global = await readGlobalVariables(this.projectRoot);
    return (name) => {
      if (!name.startsWith(PROCESS_ENV_PREFIX)) return this.session.get(name) ?? environment[name] ?? global[name];
      const variable = name.slice(PROCESS_ENV_PREFIX.length);
      const value = this.env[variable];
      return PROVIDER_KEY_VARIABLES.has(variable) || (value !== undefined && this.secrets.isWithheld(value)) ? WITHHELD : value;
    };
  }

  /**
   * Registers the active environment's secrets (its `{{env:…}}` values and secret-named variables)
   * before any request uses them: a user may paste one into a message, or a server echo it, first.
   */
  private async noteEnvironmentSecrets(): Promise<void> {
    if (!this.active) return;
    const variables = await loadEnvironment(this.projectRoot, this.active).catch(() => ({}) as Record<string, string>);
    const secretOnes = Object.entries(variables).filter(([name, raw]) => raw.includes('{{env:') || isSecretName(name));
    if (secretOnes.length === 0) return;
    const lookup = await this.lookup();
    for (const [name] of secretOnes) substitute(`{{${name}}}`, lookup, { unknown: new Set(), withheld: new Set() }, this.noteSecret);
  }

  private readonly noteSecret = (name: string, value: string): void => {
    if (name.startsWith(PROCESS_ENV_PREFIX)) {
      const variable = name.slice(PROCESS_ENV_PREFIX.length);
      this.secrets.register(value, variable);
      if (isWorthMasking(value, variable)) this.fromEnvironment.set(value, variable);
    } else if (isSecretName(name)) {
      this.secrets.register(value, name);
    }
  };

  private describeUnknown(names: string[]): string {
    const list = names.map((name) => `{{${name}}}`).join(', ');
    if (names.every((name) => name.startsWith(PROCESS_ENV_PREFIX))) {
      return `unknown variable${names.length > 1 ? 's' : ''} ${list}: not set in the environment (export it, or add it to the .env of a trusted folder)`;
    }
    const where = this.active
      ? `the session, environment "${this.active}" or .falcon/variables.json`
      : 'the session or .falcon/variables.json (no environment is active)';
    return `unknown variable${names.length > 1 ? 's' : ''} ${list}: not set in ${where}`;
  }
}

function describeWithheld(names: string[]): string {
  const list = names.map((name) => `{{${name}}}`).join(', ');
  const which = names.length > 1 ? "are model providers' API keys" : "is a model provider's API key";
  return `${list} ${which}: Falcon keeps model keys for the model and never puts them in a request; use a key of the API under test`;
}

/** `noteSecret` hears each value filled in, with its name: an inner `{{env:NAME}}` before the variable that holds it. */
function substitute(text: string, lookup: Lookup, unfilled: Unfilled, noteSecret: (name: string, value: string) => void): string {
  const fill = (whole: string, name: string): string => {
    const value = lookup(name);
    if (value === WITHHELD) unfilled.withheld.add(name);
    else if (value === undefined) unfilled.unknown.add(name);
    return typeof value === 'string' ? value : whole;
  };
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = fill(whole, name);
    // Environment files keep secrets as "{{env:NAME}}"; only those are filled in a value, once.
    const filled = name.startsWith(PROCESS_ENV_PREFIX)
      ? value
      : value.replace(PLACEHOLDER, (inner, innerName: string) => {
          if (!innerName.startsWith(PROCESS_ENV_PREFIX)) return inner;
          const innerValue = fill(inner, innerName);
          if (innerValue !== inner) noteSecret(innerName, innerValue);
          return innerValue;
        });
    if (filled !== whole) noteSecret(name, filled);
    return filled;
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
