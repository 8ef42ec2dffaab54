import { jsSource } from './js-source.js';

/** A variable a k6 script reads from `__ENV`: its name, and the value to run it with when Falcon knows one it may show (never a secret's). */
export interface K6Variable {
  name: string;
  value?: string;
  /** It holds a secret: the script reads it and never holds it. */
  secret?: boolean;
}

/** A k6 script and the variables it reads from the environment, in the order it names them. */
export interface K6Export {
  script: string;
  variables: K6Variable[];
}

const PLAIN_WORD = /^[\w@%+=:,./-]+$/;

/** `k6 run -e BASE_URL=http://localhost:3000 -e API_TOKEN=… script.js`: `…` where the user must put the value. */
export function k6RunCommand(variables: readonly K6Variable[], file: string): string {
  return `k6 run${variables.map(({ name, value }) => ` -e ${name}=${value === undefined ? '…' : shellWord(value)}`).join('')} ${shellWord(file)}`;
}

/** The script's first statements: each variable it reads checked before a request is sent, named when missing. */
export function requireK6Variables(variables: readonly K6Variable[]): string[] {
  if (variables.length === 0) return [];
  return [
    `for (const name of ${jsSource(variables.map(({ name }) => name))}) {`,
    "  if (!__ENV[name]) throw new Error('set ' + name + ' first: k6 run -e ' + name + '=… script.js');",
    '}',
    '',
  ];
}

function shellWord(text: string): string {
  return PLAIN_WORD.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}
