import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { aliasBomb } from '../support/yaml-bombs.js';
import {
  FILE_YAML_LIMITS,
  parseBoundedDocument,
  parseBoundedDocuments,
  parseBoundedYaml,
  SPEC_YAML_LIMITS,
  YamlLimitError,
} from '../../src/safety/bounded-yaml.js';

describe('parseBoundedYaml', () => {
  it('refuses an alias bomb, naming it', () => {
    expect(() => parseBoundedYaml(aliasBomb(), SPEC_YAML_LIMITS)).toThrow(YamlLimitError);
    expect(() => parseBoundedYaml(aliasBomb(), SPEC_YAML_LIMITS)).toThrow(/its aliases expand \d+ values to more than 1,000,\d+ \(an alias bomb\)/);
  });

  it('reads aliases that expand within the bound, the same object at each use', () => {
    const value = parseBoundedYaml('base: &base {type: string}\nname: *base\ntitle: *base\n', FILE_YAML_LIMITS) as Record<string, unknown>;
    expect(value).toEqual({ base: { type: 'string' }, name: { type: 'string' }, title: { type: 'string' } });
    expect(value.name).toBe(value.title);
  });

  it('reads more than the library guards by default (100 uses of an anchor)', () => {
    const text = `shared: &s {in: query}\nuses:\n${Array.from({ length: 500 }, () => '  - *s').join('\n')}\n`;
    expect((parseBoundedYaml(text, FILE_YAML_LIMITS) as { uses: unknown[] }).uses).toHaveLength(500);
  });

  it('refuses too many anchors and aliases, whose resolution is quadratic', () => {
    const text = `a: &a 1\nlist:\n${Array.from({ length: 1001 }, () => '  - *a').join('\n')}\n`;
    expect(() => parseBoundedYaml(text, FILE_YAML_LIMITS)).toThrow('1,002 anchors and aliases, more than the 1,000 Falcon reads');
  });

  it('refuses an alias inside the value it names', () => {
    expect(() => parseBoundedYaml('a: &x [1, *x]\n', FILE_YAML_LIMITS)).toThrow('the alias *x is inside the value it names, which never ends');
  });

  it('refuses a text over the size bound before parsing it', () => {
    const text = `a: "${'x'.repeat(FILE_YAML_LIMITS.maxBytes)}"\n`;
    expect(() => parseBoundedYaml(text, FILE_YAML_LIMITS)).toThrow('1.0 MB of YAML, more than the 1 MB Falcon reads');
  });

  it('refuses deep nesting before the recursive composer meets it, in flow and block style', () => {
    expect(() => parseBoundedYaml(`${'['.repeat(2_000)}${']'.repeat(2_000)}`, SPEC_YAML_LIMITS)).toThrow('it nests deeper than the 500 levels Falcon reads');
    expect(() => parseBoundedYaml(`${'- '.repeat(600)}x\n`, FILE_YAML_LIMITS)).toThrow('it nests deeper than the 500 levels Falcon reads');
    expect(parseBoundedYaml(`${'- '.repeat(400)}x\n`, FILE_YAML_LIMITS)).toBeInstanceOf(Array);
  });

  it('still reports duplicate keys, with their line, though the library no longer checks them', () => {
    let error: unknown;
    try {
      parseBoundedYaml('a: 1\nb: 2\na: 3\n', FILE_YAML_LIMITS);
    } catch (caught) {
      error = caught;
    }
    expect(error).toMatchObject({ name: 'YAMLParseError', code: 'DUPLICATE_KEY', message: 'Map keys must be unique at line 3, column 1' });
    expect((error as { linePos: unknown[] }).linePos[0]).toEqual({ line: 3, col: 1 });
    const plain = parseBoundedDocument('x: 1\nx: 2\n', { limits: FILE_YAML_LIMITS, prettyErrors: false });
    expect(plain.errors.map((found) => [found.code, found.message, found.pos[0]])).toEqual([['DUPLICATE_KEY', 'Map keys must be unique', 5]]);
  });

  it('reads a map of 20,000 keys (the library’s duplicate check made that quadratic)', () => {
    const text = Array.from({ length: 20_000 }, (_, index) => `key${index}: ${index}`).join('\n');
    expect(Object.keys(parseBoundedYaml(text, FILE_YAML_LIMITS) as object)).toHaveLength(20_000);
  });

  it('checks every document of a multi-document text', () => {
    expect(parseBoundedDocuments('a: 1\n---\nb: 2\n', FILE_YAML_LIMITS)).toHaveLength(2);
    expect(() => parseBoundedDocuments(`a: 1\n---\n${aliasBomb()}`, FILE_YAML_LIMITS)).toThrow(/an alias bomb/);
  });
});

it('is the only way Falcon parses YAML (src/ imports no parser of the library but here)', () => {
  const src = path.resolve(import.meta.dirname, '../../src');
  const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((file) => /\.tsx?$/.test(file));
  const parsing = files.filter((file) => {
    const text = readFileSync(path.join(src, file), 'utf8');
    return [...text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'yaml'/g)].some((match) =>
      /\b(parse|parseDocument|parseAllDocuments|Composer|Parser)\b/.test(match[1]!),
    );
  });
  expect(parsing).toEqual([path.join('safety', 'bounded-yaml.ts')]);
});
