import { markerLabel } from './masked-marker.js';
import { isWorthMasking, PLACEHOLDER, SHORTEST_SECRET } from './secret-candidate.js';
import { basicPairForms, type EncodedForm, encodedForms } from './secret-encodings.js';
import { type SecretSpan, ValueMatcher } from './value-matcher.js';

export interface RegisterOptions {
  /**
   * The user named this value a credential (a header they gave): registered whatever its shape, if
   * it is no placeholder and not shorter than SHORTEST_SECRET.
   */
  asGiven?: boolean;
}

/**
 * The secrets of one session (a conversation, a `falcon test` run): values Falcon resolved from
 * `{{env:…}}` or secret-named variables, provider keys, tokens an auth flow obtained. Every text
 * that leaves Falcon goes through `maskValues`, which masks each of them in every form it may take.
 */
export class SecretRegistry {
  private readonly secrets = new Map<string, string | undefined>();
  private readonly forms = new Map<string, { label: string | undefined; base64: boolean }>();
  private readonly withheld = new Set<string>();
  private matcher: ValueMatcher | undefined;
  private longest = 0;

  /** How many values are registered. */
  get size(): number {
    return this.secrets.size;
  }

  /**
   * Registers a value, labelled with where it came from (`API_TOKEN`, `X-Api-Key`); the first label
   * a value gets is the one its mask shows. Values not worth masking are ignored (see isWorthMasking).
   */
  register(value: string, label?: string, options: RegisterOptions = {}): void {
    const secret = value.trim();
    if (this.secrets.has(secret)) return;
    if (options.asGiven ? secret.length < SHORTEST_SECRET || PLACEHOLDER.test(secret) : !isWorthMasking(secret, label)) return;
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
    return this.valueMatcher().mask(text);
  }

  /** Where `text` holds registered values, as maskValues would mask them. */
  spans(text: string): SecretSpan[] {
    if (this.forms.size === 0 || text.length < SHORTEST_SECRET) return [];
    return this.valueMatcher().spans(text);
  }

  /** The length of the longest form a registered value may take: a streamed text holds back one less. */
  get longestForm(): number {
    return this.longest;
  }

  private valueMatcher(): ValueMatcher {
    this.matcher ??= new ValueMatcher([...this.forms].map(([text, form]) => ({ text, ...form })));
    return this.matcher;
  }

  private addForms(forms: EncodedForm[], label: string | undefined): void {
    const shown = markerLabel(label);
    for (const form of forms) {
      if (form.text.length < SHORTEST_SECRET || this.forms.has(form.text)) continue;
      this.forms.set(form.text, { label: shown, base64: form.base64 === true });
      this.longest = Math.max(this.longest, form.text.length);
    }
    this.matcher = undefined;
  }
}
