import { type SourceFile, stringLiteral } from './source-file.js';

/**
 * The string an argument stands for: a literal, or a constant (`const PREFIX = '/api'`, `API_PREFIX = "/api"`,
 * `const prefix = "/api"` in Go or Rust) of the same file, else of the other files given; `${NAME}` in
 * template literals is filled in the same way.
 */
export function stringValue(file: SourceFile, text: string, others: readonly SourceFile[] = []): string | undefined {
  const trimmed = text.trim();
  const literal = stringLiteral(trimmed);
  if (literal !== undefined) {
    return literal.replace(/\$\{\s*([\w$.]+)\s*\}/g, (whole, name: string) => constantValue([file, ...others], name) ?? whole);
  }
  return /^[A-Za-z_$][\w$.]*$/.test(trimmed) ? constantValue([file, ...others], trimmed) : undefined;
}

/**
 * A mount prefix: its string value, or, for a setting whose value cannot be read (`settings.API_V1_STR`,
 * `get_prefix()`, `os.environ["PREFIX"]`), a catch-all segment that shows it, so routes under it still match.
 */
export function prefixValue(file: SourceFile, text: string, others: readonly SourceFile[] = []): string | undefined {
  const value = stringValue(file, text, others);
  if (value !== undefined) return value;
  const expression = text.trim();
  return /^[A-Za-z_$][\w$.]*(?:\([^()/{}]*\)|\[[^\]/{}]*\])?$/.test(expression) ? `{*${expression}}` : undefined;
}

function constantValue(files: readonly SourceFile[], name: string): string | undefined {
  const last = name.split('.').at(-1) as string;
  const escaped = last.replace(/\$/g, '\\$');
  const declaration = new RegExp(`(?:^|[\\s;,{(])\\$?${escaped}\\s*(?::\\s*[\\w&'<> ]+)?(?::=|=)\\s*(?:[rf]?(["'\`])([^"'\`\\n]*)\\1)`, 'm');
  for (const file of files) {
    const found = declaration.exec(file.code)?.[2];
    if (found !== undefined) return found;
  }
  return undefined;
}
