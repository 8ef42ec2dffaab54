import path from 'node:path';
import { endpointWords, snakeName } from '../endpoint.js';
import type { EndpointExample } from '../endpoint-example.js';
import { findExistingTest } from '../existing-test.js';
import { projectPathExists, readCodeFile } from '../read-code-file.js';
import type { TestWriter } from '../test-plan.js';
import { pythonLiteral } from '../value-literals.js';
import { type PythonClient, clientFromExisting, clientFromSource } from './python-client.js';

const MANIFESTS = ['requirements.txt', 'requirements-dev.txt', 'pyproject.toml', 'Pipfile', 'setup.cfg'];

/** A pytest test with FastAPI's TestClient, Flask's test client or Django's client. */
export const writePythonTest: TestWriter = async ({ projectRoot, framework, endpoint, example }) => {
  const existing = await findExistingTest(projectRoot, ['test_*.py', '*_test.py'], /client/);
  const folder = existing
    ? path.posix.dirname(existing.path)
    : (await projectPathExists(projectRoot, 'tests'))
      ? 'tests'
      : (await projectPathExists(projectRoot, 'test'))
        ? 'test'
        : 'tests';
  const dependencies = (await Promise.all(MANIFESTS.map((file) => readCodeFile(projectRoot, file)))).join('\n');
  const copied = existing && clientFromExisting(existing.text, framework);
  const client = copied ?? (await clientFromSource(projectRoot, framework, dependencies));
  const name = `test_${snakeName(endpointWords(endpoint))}`;
  const file = `${folder === '.' ? '' : `${folder}/`}${name}.py`;
  const lines = [
    ...client.header,
    ...(client.header.length > 0 ? ['', ''] : []),
    ...client.decorators,
    `def ${name}(${client.fixture ? client.name : ''}):`,
    ...testBody(client, example).map((line) => (line ? `    ${line}` : '')),
  ];
  return {
    path: file,
    content: `${lines.join('\n')}\n`,
    style: `pytest + ${client.flavor === 'httpx' ? 'TestClient' : client.flavor === 'flask' ? 'Flask test client' : 'Django test client'}`,
    ...(existing && { basedOn: existing.path }),
    command: `pytest ${file}`,
    notes: copied ? [`the client is set up as in ${existing?.path}`] : client.notes,
  };
};

function testBody(client: PythonClient, example: EndpointExample): string[] {
  const lines = [`response = ${client.name}.${example.method.toLowerCase()}(${requestArguments(client, example)})`, ''];
  // httpx responses have .text: the body in the failure message says why the status was wrong.
  lines.push(`assert response.status_code == ${example.status}${client.flavor === 'httpx' ? ', response.text' : ''}`);
  const body = example.body;
  const json = client.flavor === 'flask' ? 'response.get_json()' : 'response.json()';
  if (body.kind === 'empty') lines.push(`assert ${client.flavor === 'flask' ? 'response.data' : 'response.content'} == b""`);
  else if (body.kind === 'json') lines.push('assert "json" in response.headers["content-type"]');
  else if (body.kind === 'object') {
    lines.push(
      `body = ${json}`,
      body.keys.length > 0 ? `assert {${body.keys.map((key) => JSON.stringify(key)).join(', ')}} <= body.keys()` : 'assert isinstance(body, dict)',
    );
  } else {
    lines.push(`body = ${json}`, 'assert isinstance(body, list)');
    if (body.itemKeys.length > 0) lines.push('for item in body:', `    assert {${body.itemKeys.map((key) => JSON.stringify(key)).join(', ')}} <= item.keys()`);
  }
  return lines;
}

function requestArguments(client: PythonClient, example: EndpointExample): string {
  const url = JSON.stringify(example.path);
  if (example.requestBody === undefined) return url;
  const payload = pythonLiteral(example.requestBody);
  return client.flavor === 'django' ? `${url}, ${payload}, content_type="application/json"` : `${url}, json=${payload}`;
}
