import { markerLabel } from './masked-marker.js';
import { isWorthMasking, SHORTEST_SECRET } from './secret-candidate.js';
import { basicPairForms, encodedForms } from './secret-encodings.js';
import { ValueMatcher } from './value-matcher.js';

/**
 * The secrets of one session (a conversation, a `falcon test` run): values Falcon resolved from
 * `{{env:…}}` or secret-named variables, provider keys, tokens an auth flow obtained. Every text
 * that leaves Falcon goes through `maskValues`, which masks each of them in every form it may take.
 */
export class SecretRegistry {
  private readonly secrets = new Map<string, string | undefined>();
  private readonly forms = new Map<string, string | undefined>();
  private readonly withheld = new Set<string>();
  private matcher: ValueMatcher | undefined;

  /** How many values are registered. */
  get size(): number {
    return this.secrets.size;
  }

  /**
   * Registers a value, labelled with where it came from (`API_TOKEN`, `X-Api-Key`); the first label
   * a value gets is the one its mask shows. Values not worth masking are ignored (see isWorthMasking).
   */
  register(value: string, label?: string): void {
    const secret = value.trim();
    if (this.secrets.has(secret) || !isWorthMasking(secret, label)) return;
    this.secrets.set(secret, label);
    this.addForms(encodedForms(secret), label);
  }

  /** A model provider's key: registered, and never filled into a request (see isWithheld). */
  withhold(value: string, label?: string): void {
    this.register(value, label);
    if (this.secrets.has(value.trim())) this.withheld.add(value.trim());
  }

  /** Whether the value is a key `withhold` was given. */
  isWithheld(value: string): boolean {
    return this.withheld.has(value.trim());
  }

  /** A Basic-auth pair: the password alone, and the pair in the forms it travels in. */
  registerBasicPair(username: string, password: string, label?: string): void {
    this.register(password, label);
    const pair = `${username}:${password}`;
    if (password === '' || this.secrets.has(pair) || !isWorthMasking(pair)) return;
    this.secrets.set(pair, label);
    this.addForms(basicPairForms(username, password), label);
  }

  /**
   * Each registered value with its first label, for writing a secret back as a reference to where
   * it came from (a k6 script's `__ENV.NAME`), never for showing.
   */
  labelledValues(): Array<{ value: string; label: string | undefined }> {
    return [...this.secrets].map(([value, label]) => ({ value, label }));
  }

  /** The text with every registered value masked as `[masked:LABEL]`; only values, no shapes. */
  maskValues(text: string): string {
    if (this.forms.size === 0 || text.length < SHORTEST_SECRET) return text;
    this.matcher ??= new ValueMatcher([...this.forms].map(([form, label]) => ({ text: form, label })));
    return this.matcher.mask(text);
  }

  private addForms(forms: string[], label: string | undefined): void {
    const shown = markerLabel(label);
    for (const form of forms) {
      if (form.length >= SHORTEST_SECRET && !this.forms.has(form)) this.forms.set(form, shown);
    }
    this.matcher = undefined;
  }
}
