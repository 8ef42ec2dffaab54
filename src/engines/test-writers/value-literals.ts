/** A JSON value written as a literal of another language, for request bodies in generated tests. */

export function pythonLiteral(value: unknown): string {
  return literal(value, {
    null: 'None',
    true: 'True',
    false: 'False',
    pair: (key, item) => `${JSON.stringify(key)}: ${item}`,
    object: (items) => `{${items}}`,
    array: (items) => `[${items}]`,
  });
}

export function rubyLiteral(value: unknown): string {
  return literal(value, {
    null: 'nil',
    true: 'true',
    false: 'false',
    pair: (key, item) => `${JSON.stringify(key)} => ${item}`,
    object: (items) => (items ? `{ ${items} }` : '{}'),
    array: (items) => `[${items}]`,
  });
}

export function phpLiteral(value: unknown): string {
  return literal(value, {
    null: 'null',
    true: 'true',
    false: 'false',
    pair: (key, item) => `${phpString(key)} => ${item}`,
    object: (items) => `[${items}]`,
    array: (items) => `[${items}]`,
    string: phpString,
  });
}

interface Syntax {
  null: string;
  true: string;
  false: string;
  pair(key: string, item: string): string;
  object(items: string): string;
  array(items: string): string;
  string?(text: string): string;
}

function literal(value: unknown, syntax: Syntax): string {
  if (value === null || value === undefined) return syntax.null;
  if (value === true) return syntax.true;
  if (value === false) return syntax.false;
  if (typeof value === 'string') return syntax.string ? syntax.string(value) : JSON.stringify(value);
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return syntax.array(value.map((item) => literal(item, syntax)).join(', '));
  const entries = Object.entries(value as Record<string, unknown>).map(([key, item]) => syntax.pair(key, literal(item, syntax)));
  return syntax.object(entries.join(', '));
}

function phpString(text: string): string {
  return `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
}
