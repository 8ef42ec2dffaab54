/**
 * A small SQL expression evaluator for the vulnerable API's blind injections: what a database
 * would make of a WHERE condition or an ORDER BY list built by pasting a request value into SQL.
 * It honestly parses and evaluates what it is given — string and number literals, columns of the
 * row, = <> != < > <= >= LIKE, AND OR NOT, parentheses, CASE WHEN … THEN … ELSE … END, ASC/DESC —
 * and fails, as a database would, on an unterminated string, unknown syntax or an unknown column.
 * A comment (`--`, `#`, `/*`) ends the statement, as an injected `--` does.
 */

/** A row as the evaluator reads it: its fields, by column name. */
type Row = Record<string, string | number>;
type Value = string | number | boolean | null;

type Node =
  | { kind: 'literal'; value: Value }
  | { kind: 'column'; name: string }
  | { kind: 'not'; operand: Node }
  | { kind: 'binary'; operator: string; left: Node; right: Node }
  | { kind: 'case'; branches: Array<{ when: Node; then: Node }>; otherwise?: Node };

interface Token {
  kind: 'string' | 'number' | 'word' | 'symbol';
  text: string;
}

export class SqlError extends Error {}

const KEYWORDS = new Set(['AND', 'OR', 'NOT', 'CASE', 'WHEN', 'THEN', 'ELSE', 'END', 'ASC', 'DESC', 'LIKE', 'NULL']);
const COMPARISONS = new Set(['=', '<>', '!=', '<', '>', '<=', '>=', 'LIKE']);

/** The rows a `WHERE <condition>` keeps; throws SqlError where a database would fail. */
export function whereRows<T extends object>(rows: readonly T[], condition: string): T[] {
  const parser = new Parser(tokenize(condition));
  const node = parser.expression();
  parser.expectEnd();
  return rows.filter((row) => truthy(evaluate(node, row as Row)));
}

/** The rows in the order of `ORDER BY <terms>`; throws SqlError where a database would fail. */
export function orderRows<T extends object>(rows: readonly T[], terms: string): T[] {
  const parser = new Parser(tokenize(terms));
  const keys: Array<{ node: Node; descending: boolean }> = [];
  do {
    const node = parser.expression();
    const direction = parser.take('ASC') ?? parser.take('DESC');
    keys.push({ node, descending: direction?.text.toUpperCase() === 'DESC' });
  } while (parser.take(','));
  parser.expectEnd();
  const keyed = rows.map((row) => ({ row, values: keys.map((key) => evaluate(key.node, row as Row)) }));
  keyed.sort((a, b) => {
    for (const [index, key] of keys.entries()) {
      const order = compare(a.values[index]!, b.values[index]!);
      if (order !== 0) return key.descending ? -order : order;
    }
    return 0;
  });
  return keyed.map((entry) => entry.row);
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  while (index < text.length) {
    const rest = text.slice(index);
    if (/^\s/.test(rest)) index += 1;
    else if (rest.startsWith('--') || rest.startsWith('#') || rest.startsWith('/*')) break;
    else if (rest.startsWith("'")) {
      let end = 1;
      let value = '';
      for (;;) {
        if (end >= rest.length) throw new SqlError(`unrecognized token: "${rest.slice(0, 20)}"`);
        if (rest[end] === "'" && rest[end + 1] === "'") {
          value += "'";
          end += 2;
        } else if (rest[end] === "'") break;
        else value += rest[end++];
      }
      tokens.push({ kind: 'string', text: value });
      index += end + 1;
    } else {
      const match = /^(\d+(?:\.\d+)?)|^([A-Za-z_][\w.]*)|^(<>|!=|<=|>=|[=<>(),])/.exec(rest);
      if (!match) throw new SqlError(`unrecognized token: "${rest.slice(0, 20)}"`);
      tokens.push({ kind: match[1] ? 'number' : match[2] ? 'word' : 'symbol', text: match[0] });
      index += match[0].length;
    }
  }
  return tokens;
}

class Parser {
  private position = 0;
  constructor(private readonly tokens: Token[]) {}

  expression(): Node {
    return this.binary(['OR'], () => this.binary(['AND'], () => this.negation()));
  }

  take(text: string): Token | undefined {
    const token = this.tokens[this.position];
    if (!token || token.kind === 'string' || token.text.toUpperCase() !== text) return undefined;
    this.position += 1;
    return token;
  }

  expectEnd(): void {
    const token = this.tokens[this.position];
    if (token) throw new SqlError(`near "${token.text}": syntax error`);
  }

  private expect(text: string): void {
    if (!this.take(text)) throw new SqlError(`near "${this.tokens[this.position]?.text ?? 'end'}": syntax error, ${text} expected`);
  }

  private binary(operators: string[], operand: () => Node): Node {
    let left = operand();
    for (;;) {
      const operator = operators.find((candidate) => this.take(candidate));
      if (!operator) return left;
      left = { kind: 'binary', operator, left, right: operand() };
    }
  }

  private negation(): Node {
    return this.take('NOT') ? { kind: 'not', operand: this.negation() } : this.comparison();
  }

  private comparison(): Node {
    const left = this.primary();
    const operator = [...COMPARISONS].find((candidate) => this.take(candidate));
    return operator ? { kind: 'binary', operator, left, right: this.primary() } : left;
  }

  private primary(): Node {
    const token = this.tokens[this.position];
    if (!token) throw new SqlError('incomplete input');
    this.position += 1;
    if (token.kind === 'string') return { kind: 'literal', value: token.text };
    if (token.kind === 'number') return { kind: 'literal', value: Number(token.text) };
    if (token.text === '(') {
      const inner = this.expression();
      this.expect(')');
      return inner;
    }
    const word = token.text.toUpperCase();
    if (word === 'NULL') return { kind: 'literal', value: null };
    if (word === 'CASE') return this.caseWhen();
    if (token.kind === 'word' && !KEYWORDS.has(word)) return { kind: 'column', name: token.text };
    throw new SqlError(`near "${token.text}": syntax error`);
  }

  private caseWhen(): Node {
    const branches: Array<{ when: Node; then: Node }> = [];
    while (this.take('WHEN')) {
      const when = this.expression();
      this.expect('THEN');
      branches.push({ when, then: this.expression() });
    }
    if (branches.length === 0) throw new SqlError('near "CASE": syntax error');
    const otherwise = this.take('ELSE') ? this.expression() : undefined;
    this.expect('END');
    return { kind: 'case', branches, ...(otherwise && { otherwise }) };
  }
}

function evaluate(node: Node, row: Row): Value {
  switch (node.kind) {
    case 'literal':
      return node.value;
    case 'column': {
      if (!(node.name in row)) throw new SqlError(`no such column: ${node.name}`);
      return row[node.name]!;
    }
    case 'not':
      return !truthy(evaluate(node.operand, row));
    case 'case': {
      const branch = node.branches.find((candidate) => truthy(evaluate(candidate.when, row)));
      return branch ? evaluate(branch.then, row) : node.otherwise ? evaluate(node.otherwise, row) : null;
    }
    case 'binary':
      return binary(node.operator, evaluate(node.left, row), evaluate(node.right, row));
  }
}

function binary(operator: string, left: Value, right: Value): Value {
  if (operator === 'AND') return truthy(left) && truthy(right);
  if (operator === 'OR') return truthy(left) || truthy(right);
  if (left === null || right === null) return null;
  if (operator === 'LIKE') return likePattern(String(right)).test(String(left));
  const order = compare(left, right);
  return { '=': order === 0, '<>': order !== 0, '!=': order !== 0, '<': order < 0, '>': order > 0, '<=': order <= 0, '>=': order >= 0 }[operator] ?? null;
}

function likePattern(pattern: string): RegExp {
  const source = [...pattern].map((char) => (char === '%' ? '.*' : char === '_' ? '.' : char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('');
  return new RegExp(`^${source}$`, 'is');
}

/** SQLite's order: NULL first, then numbers, then text. */
function compare(a: Value, b: Value): number {
  const rank = (value: Value) => (value === null ? 0 : typeof value === 'string' ? 2 : 1);
  if (rank(a) !== rank(b)) return rank(a) - rank(b);
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  return Number(a) - Number(b);
}

/** As SQLite reads a condition: text by its leading number (`'1'` true, `'abc'` false). */
function truthy(value: Value): boolean {
  if (typeof value === 'string') return (Number.parseFloat(value) || 0) !== 0;
  return value !== null && value !== false && value !== 0;
}
