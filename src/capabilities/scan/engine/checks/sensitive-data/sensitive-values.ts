import type { Severity } from '../../severity.js';
import { looseName } from '../support/answers.js';

export type SensitiveKind = 'password hash' | 'password' | 'secret' | 'token' | 'personal data';

/** A value a response should not carry, where it was found. */
export interface SensitiveValue {
  /** `passwordHash`, `[0].supplier.apiKey`; `body` in a text body. */
  place: string;
  /** The keys and indexes to it in a JSON body; empty in a text body. */
  path: Array<string | number>;
  kind: SensitiveKind;
  severity: Severity;
  value: string;
}

export interface SensitiveContext {
  /** A login's answer: its token fields are what it is for. */
  tokensExpected: boolean;
  /** A path about keys or tokens (`/api-keys`): the secrets are what it is for. */
  keysExpected: boolean;
  /** The caller's own token, which may come back to it. */
  ownToken?: string;
}

/** bcrypt, argon2, scrypt, crypt(3) MD5/SHA, Django's PBKDF2 and salted SHA. */
const CRYPT_HASH =
  /^(\$2[abxy]?\$\d{2}\$[./A-Za-z0-9]{53}|\$argon2(id|i|d)\$\S+|\$scrypt\$\S+|\$[156]\$[./A-Za-z0-9]{1,16}\$[./A-Za-z0-9]{22,}|pbkdf2_sha\d+\$\d+\$\S+|sha(1|256|512)\$\S+\$[a-f\d]+)$/;
const HEX_DIGEST = /^([a-f\d]{32}|[a-f\d]{40}|[a-f\d]{64}|[a-f\d]{128})$/i;
const PRIVATE_KEY = /-----BEGIN [A-Z ]*PRIVATE KEY-----/;
const MASKED = /^(\*+|•+|x{4,}|#+|\[?(redacted|hidden|masked|filtered|removed)\b.*|null|none|n\/a)$/i;

// Loose names: lower case, no `_` or `-` (`password_hash` is `passwordhash`).
const PASSWORD_NAME = /^(password|passwd|pwd|pass|userpassword|plainpassword|currentpassword)$/;
const PASSWORD_HASH_NAME = /(pass|pwd)\w*(hash|digest|salt)|(hash|digest)\w*(pass|pwd)/;
const SECRET_NAME =
  /(secret|apikey|privatekey|secretkey|accesskey|signingkey|encryptionkey|resettoken|resetcode|otpsecret|mfasecret|totpsecret|recoverycodes?)$/;
const TOKEN_NAME = /^(token|accesstoken|authtoken|refreshtoken|idtoken|sessiontoken|sessionid|jwt|bearertoken|apitoken)$/;
const SSN_NAME = /^(ssn|socialsecuritynumber|socialsecurity)$/;
const CARD_NAME = /^(creditcard|creditcardnumber|cardnumber|ccnumber|cardno|pan)$/;
const CVV_NAME = /^(cvv|cvc|cvv2|cvc2|securitycode|cardsecuritycode)$/;

const MAX_DEPTH = 8;
/** Items of a list looked at: a leak in a list shows in its first items. */
const MAX_ITEMS = 50;

/** The sensitive values in a JSON body (or, for text, the hashes and private keys in it). */
export function sensitiveValues(body: unknown, text: string, context: SensitiveContext): SensitiveValue[] {
  if (body === undefined) return textValues(text);
  const found: SensitiveValue[] = [];
  const visit = (value: unknown, path: Array<string | number>, name: string) => {
    if (path.length > MAX_DEPTH) return;
    if (Array.isArray(value)) value.slice(0, MAX_ITEMS).forEach((item, index) => visit(item, [...path, index], name));
    else if (value !== null && typeof value === 'object') for (const [key, item] of Object.entries(value)) visit(item, [...path, key], looseName(key));
    else if (typeof value === 'string' || typeof value === 'number') {
      const kind = kindOf(name, String(value), context);
      if (kind) found.push({ place: placeOf(path), path, kind, severity: kind === 'personal data' ? 'medium' : 'high', value: String(value) });
    }
  };
  visit(body, [], '');
  return found;
}

function kindOf(name: string, value: string, context: SensitiveContext): SensitiveKind | undefined {
  const text = value.trim();
  if (text === '' || MASKED.test(text) || text.includes('***')) return undefined;
  if (CRYPT_HASH.test(text)) return 'password hash';
  if (PASSWORD_HASH_NAME.test(name) || (name === 'hash' && HEX_DIGEST.test(text))) return 'password hash';
  if (PASSWORD_NAME.test(name)) return HEX_DIGEST.test(text) ? 'password hash' : 'password';
  if (PRIVATE_KEY.test(text)) return 'secret';
  if (!context.keysExpected && SECRET_NAME.test(name) && text.length >= 8) return 'secret';
  if (!context.keysExpected && !context.tokensExpected && TOKEN_NAME.test(name) && text.length >= 16 && text !== context.ownToken) return 'token';
  const digits = text.replace(/[\s-]/g, '');
  if (SSN_NAME.test(name) && /^\d{9}$/.test(digits)) return 'personal data';
  if (CARD_NAME.test(name) && /^\d{13,19}$/.test(digits)) return 'personal data';
  if (CVV_NAME.test(name) && /^\d{3,4}$/.test(text)) return 'personal data';
  return undefined;
}

function textValues(text: string): SensitiveValue[] {
  const hash = /\$2[abxy]?\$\d{2}\$[./A-Za-z0-9]{53}|\$argon2(id|i|d)\$[^\s"'<]+/.exec(text)?.[0];
  const found: SensitiveValue[] = hash ? [{ place: 'body', path: [], kind: 'password hash', severity: 'high', value: hash }] : [];
  const key = PRIVATE_KEY.exec(text)?.[0];
  if (key) found.push({ place: 'body', path: [], kind: 'secret', severity: 'high', value: key });
  return found;
}

/** `[0].supplier.apiKey`. */
function placeOf(path: ReadonlyArray<string | number>): string {
  return path.map((part, index) => (typeof part === 'number' ? `[${part}]` : index === 0 ? part : `.${part}`)).join('');
}
