/** The classic alias bomb: `levels` levels of nine aliases each, 9^levels strings from a dozen lines. */
export function aliasBomb(levels = 9, indent = ''): string {
  const lines = [`${indent}a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]`];
  for (let level = 1; level < levels; level++)
    lines.push(
      `${indent}a${level}: &a${level} [${Array(9)
        .fill(`*a${level - 1}`)
        .join(', ')}]`,
    );
  return `${lines.join('\n')}\n`;
}

/** An OpenAPI document with an alias bomb in an extension; `padding` bytes of description make it as large as wanted. */
export function aliasBombSpec(padding = 0): string {
  return [
    'openapi: 3.0.3',
    `info: {title: Bomb, version: "1", description: "${'x'.repeat(padding)}"}`,
    'paths:',
    '  /a:',
    '    get:',
    '      responses:',
    '        "200": {description: ok}',
    'x-bomb:',
    aliasBomb(9, '  '),
  ].join('\n');
}

/** A valid OpenAPI document in YAML of about `megabytes` MB: many operations, written out. */
export function largeYamlSpec(megabytes: number): string {
  const head = 'openapi: 3.0.3\ninfo: {title: Large, version: "1"}\npaths:\n';
  const operation = (index: number) =>
    [
      `  /items${index}/{id}:`,
      '    get:',
      `      operationId: getItem${index}`,
      `      description: ${'Lorem ipsum dolor sit amet. '.repeat(8)}`,
      '      parameters:',
      '        - {name: id, in: path, required: true, schema: {type: integer}}',
      '      responses:',
      '        "200":',
      '          description: ok',
      '',
    ].join('\n');
  const size = operation(0).length;
  const count = Math.ceil((megabytes * 1024 * 1024) / size);
  return head + Array.from({ length: count }, (_, index) => operation(index)).join('');
}
