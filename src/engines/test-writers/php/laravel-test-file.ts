import { endpointWords, pascalName, snakeName } from '../endpoint.js';
import type { EndpointExample } from '../endpoint-example.js';
import { projectPathExists, readCodeFile } from '../read-code-file.js';
import type { TestWriter } from '../test-plan.js';
import { phpLiteral } from '../value-literals.js';

/** A Laravel feature test: Pest when the project uses it, PHPUnit otherwise. */
export const writeLaravelTest: TestWriter = async ({ projectRoot, endpoint, example }) => {
  const composer = (await readCodeFile(projectRoot, 'composer.json')) ?? '';
  const pest = /"pestphp\/pest"/.test(composer);
  const words = endpointWords(endpoint);
  const className = `${pascalName(words)}Test`;
  const file = `tests/Feature/${className}.php`;
  const body = [`$response = $this->${request(example)};`, '', ...expectations(example)];
  const lines = pest
    ? ['<?php', '', `it('answers ${example.status}', function () {`, ...body.map((line) => (line ? `    ${line}` : '')), '});']
    : [
        '<?php',
        '',
        'namespace Tests\\Feature;',
        '',
        'use Tests\\TestCase;',
        '',
        `class ${className} extends TestCase`,
        '{',
        `    public function test_${snakeName(words)}_answers_${example.status}(): void`,
        '    {',
        ...body.map((line) => (line ? `        ${line}` : '')),
        '    }',
        '}',
      ];
  return {
    path: file,
    content: `${lines.join('\n')}\n`,
    style: pest ? 'Pest feature test' : 'PHPUnit feature test',
    command: `php artisan test --filter=${pest ? JSON.stringify(`answers ${example.status}`) : className}`,
    notes:
      !example.path.startsWith('/api') && (await projectPathExists(projectRoot, 'routes/api.php'))
        ? ['routes in routes/api.php are served under /api: if this is one of them, the path needs the prefix']
        : [],
  };
};

function request(example: EndpointExample): string {
  const method = `${example.method.toLowerCase()}Json`;
  const path = `'${example.path.replaceAll("'", "\\'")}'`;
  return example.requestBody === undefined ? `${method}(${path})` : `${method}(${path}, ${phpLiteral(example.requestBody)})`;
}

function expectations(example: EndpointExample): string[] {
  const status = `$response->assertStatus(${example.status});`;
  const body = example.body;
  if (body.kind === 'empty') return [status, "$this->assertSame('', $response->getContent());"];
  if (body.kind === 'json') return [status, "$response->assertHeader('Content-Type', 'application/json');"];
  const keys = (body.kind === 'object' ? body.keys : body.itemKeys).map((key) => phpLiteral(key)).join(', ');
  if (body.kind === 'array') return [status, keys ? `$response->assertJsonStructure(['*' => [${keys}]]);` : '$this->assertIsArray($response->json());'];
  return [status, keys ? `$response->assertJsonStructure([${keys}]);` : '$this->assertIsArray($response->json());'];
}
