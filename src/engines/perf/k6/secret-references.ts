import type { SecretRegistry } from '../../../safety/secret-registry.js';
import { JsCode, jsString } from './js-source.js';

/** A registered secret, read by the script from the environment variable `name`. */
export interface EnvSecret {
  name: string;
  value: string;
}

/** One way a secret appears in a text, and the expression that writes it that way from `__ENV`. */
interface SecretForm {
  text: string;
  code: string;
  name: string;
}

const BASIC_CREDENTIALS = /^(basic\s+)([A-Za-z0-9+/]+={0,2})$/i;

/**
 * Writes the texts of a script (URLs, header values, bodies) as expressions in which every
 * registered secret is read from `__ENV`, and remembers which variables it used.
 */
export class SecretReferences {
  /** The environment variables the expressions written so far read, in first-use order. */
  readonly used = new Set<string>();
  /** Whether an expression encodes Basic credentials (the script then imports k6/encoding). */
  encodesBase64 = false;
  private readonly forms: SecretForm[];

  constructor(secrets: readonly EnvSecret[]) {
    this.forms = secrets
      .flatMap(({ name, value }) => {
        const reference = `__ENV.${name}`;
        return [
          { text: value, code: reference, name },
          { text: encodeURIComponent(value), code: `encodeURIComponent(${reference})`, name },
          { text: JSON.stringify(value).slice(1, -1), code: `JSON.stringify(${reference}).slice(1, -1)`, name },
        ];
      })
      .filter((form, index, all) => all.findIndex((other) => other.text === form.text) === index)
      // At one position the longest form wins: a secret that contains another is read whole.
      .sort((a, b) => b.text.length - a.text.length);
  }

  /** `text` as an expression: string literals, and a reference wherever a secret stood. */
  expression(text: string): JsCode {
    const pieces: string[] = [];
    let start = 0;
    for (let found = this.nextForm(text, start); found; found = this.nextForm(text, start)) {
      if (found.index > start) pieces.push(jsString(text.slice(start, found.index)));
      pieces.push(found.form.code);
      this.used.add(found.form.name);
      start = found.index + found.form.text.length;
    }
    if (start < text.length || pieces.length === 0) pieces.push(jsString(text.slice(start)));
    return new JsCode(pieces.join(' + '));
  }

  /**
   * A header value. `Basic <base64>` whose decoded pair holds a secret is encoded by the script from
   * the pair's expression, since the base64 of a secret is as good as the secret.
   */
  headerValue(value: string): JsCode {
    const basic = BASIC_CREDENTIALS.exec(value);
    if (basic) {
      const decoded = Buffer.from(basic[2]!, 'base64').toString('utf8');
      const secretInside = this.nextForm(decoded, 0) !== undefined;
      // Only a canonical encoding round-trips: anything else is left for the final check to catch.
      if (secretInside && Buffer.from(decoded, 'utf8').toString('base64') === basic[2]) {
        this.encodesBase64 = true;
        return new JsCode(`${jsString(basic[1]!)} + encoding.b64encode(${this.expression(decoded).code})`);
      }
    }
    return this.expression(value);
  }

  private nextForm(text: string, from: number): { index: number; form: SecretForm } | undefined {
    let best: { index: number; form: SecretForm } | undefined;
    for (const form of this.forms) {
      const index = text.indexOf(form.text, from);
      if (index !== -1 && (best === undefined || index < best.index)) best = { index, form };
    }
    return best;
  }
}

/**
 * The registry's secrets, each named for the environment variable that holds it: its label in
 * upper case (`X-Api-Key` → `X_API_KEY`), `SECRET` when it has none, `_2`, `_3`… when a name is
 * taken. A Basic pair `user:password` whose password is registered too is left out: the password
 * is written on its own, so the variable holds just the password.
 */
export function envSecrets(secrets: SecretRegistry): EnvSecret[] {
  const labelled = secrets.labelledValues();
  const values = new Set(labelled.map(({ value }) => value));
  const taken = new Set<string>();
  const named: EnvSecret[] = [];
  for (const { value, label } of labelled) {
    if (isPairOfRegisteredPassword(value, values)) continue;
    const base = envName(label);
    let name = base;
    for (let suffix = 2; taken.has(name); suffix += 1) name = `${base}_${suffix}`;
    taken.add(name);
    named.push({ name, value });
  }
  return named;
}

function isPairOfRegisteredPassword(value: string, values: ReadonlySet<string>): boolean {
  const colon = value.indexOf(':');
  return colon !== -1 && values.has(value.slice(colon + 1));
}

function envName(label: string | undefined): string {
  const name = (label ?? '')
    .replace(/^env:/, '')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toUpperCase();
  // K6_… variables are k6's own options (K6_VUS), and a name cannot start with a digit.
  return name === '' ? 'SECRET' : /^(\d|K6_)/.test(name) ? `SECRET_${name}` : name;
}
