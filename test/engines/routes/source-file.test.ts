import { describe, expect, it } from 'vitest';
import { chainBefore } from '../../../src/engines/routes/source/member-chain.js';
import { SourceFile, stringLiteral } from '../../../src/engines/routes/source/source-file.js';

describe('source files', () => {
  it('blanks comments and string contents so that brackets in them do not count', () => {
    const file = new SourceFile('a.js', "router.get('/a)(', /* ) */ (req, res) => res.send(`)`)); // )\nnext();\n", 'js');
    const open = file.text.indexOf('(');
    expect(file.text.slice(file.closing(open) as number)).toMatch(/^\);/);
    expect(file.args(open).map((arg) => arg.text)).toEqual(["'/a)('", '(req, res) => res.send(`)`)']);
    expect(file.lineAt(file.text.indexOf('next'))).toBe(2);
  });

  it('tells Rust lifetimes from char literals, and Python triple quotes from strings', () => {
    const rust = new SourceFile('a.rs', "fn f<'a>(s: &'a str) -> char { ')' }", 'rust');
    expect(rust.closing(rust.text.indexOf('{'))).toBe(rust.text.length - 1);
    const python = new SourceFile('a.py', 'def f():\n    """a ( b"""\n    return g(1)\n', 'python');
    expect(python.skeleton).not.toContain('a ( b');
  });

  it('walks a method chain back to its root', () => {
    const file = new SourceFile('a.js', "router.route('/x').get(h).put(auth, h2)", 'js');
    const chain = chainBefore(file, file.text.lastIndexOf('.put'));
    expect(chain.root).toBe('router');
    expect(chain.links.map((link) => link.name)).toEqual(['route', 'get']);
  });

  it('reads string literals in every quoting style', () => {
    expect(stringLiteral("'/users'")).toBe('/users');
    expect(stringLiteral('r"^users/(?P<pk>\\d+)/$"')).toBe('^users/(?P<pk>\\d+)/$');
    expect(stringLiteral('`/v1`')).toBe('/v1');
    expect(stringLiteral("'a' + 'b'")).toBeUndefined();
  });
});
