import { endpointWords, pascalName, snakeName } from '../endpoint.js';
import type { EndpointExample } from '../endpoint-example.js';
import type { TestWriter } from '../test-plan.js';
import { type GoRouter, findGoRouter } from './go-router.js';

/** A Go test with net/http/httptest (or Fiber's app.Test) next to the router's package. */
export const writeGoTest: TestWriter = async ({ projectRoot, endpoint, example }) => {
  const router = await findGoRouter(projectRoot);
  const words = endpointWords(endpoint);
  const name = `Test${pascalName(words)}`;
  const file = `${router.folder === '.' ? '' : `${router.folder}/`}${snakeName(words)}_test.go`;
  const checks = bodyChecks(example);
  const imports = ['net/http', 'net/http/httptest', 'testing'];
  if (checks.some((line) => line.includes('json.'))) imports.push('encoding/json');
  if (example.requestBody !== undefined) imports.push('strings');
  if (router.fiber) imports.push('io');
  const lines = [
    `package ${router.packageName}`,
    '',
    'import (',
    ...imports.sort().map((module) => `\t"${module}"`),
    ')',
    '',
    `func ${name}(t *testing.T) {`,
    ...[
      ...request(router, example),
      '',
      `if status != ${example.status} {`,
      `\tt.Fatalf("status = %d, want ${example.status}; body: %s", status, raw)`,
      '}',
      ...checks,
    ].map((line) => (line ? `\t${line}` : '')),
    '}',
  ];
  return {
    path: file,
    content: `${lines.join('\n')}\n`,
    style: router.fiber ? 'go test + fiber app.Test' : 'go test + httptest',
    ...(router.basedOn && { basedOn: router.basedOn }),
    command: `go test ./${router.folder === '.' ? '' : `${router.folder}/`} -run '^${name}$'`,
    notes: router.notes,
  };
};

function request(router: GoRouter, example: EndpointExample): string[] {
  const body = example.requestBody === undefined ? 'nil' : `strings.NewReader(${goString(JSON.stringify(example.requestBody))})`;
  const lines = [`handler := ${router.constructor}`, `req := httptest.NewRequest(${goString(example.method)}, ${goString(example.path)}, ${body})`];
  if (example.requestBody !== undefined) lines.push('req.Header.Set("Content-Type", "application/json")');
  if (!router.fiber) return [...lines, 'rec := httptest.NewRecorder()', 'handler.ServeHTTP(rec, req)', 'status, raw := rec.Code, rec.Body.Bytes()'];
  return [
    ...lines,
    'resp, err := handler.Test(req)',
    'if err != nil {',
    '\tt.Fatalf("request failed: %v", err)',
    '}',
    'defer resp.Body.Close()',
    'raw, err := io.ReadAll(resp.Body)',
    'if err != nil {',
    '\tt.Fatalf("reading the body: %v", err)',
    '}',
    'status := resp.StatusCode',
  ];
}

function bodyChecks(example: EndpointExample): string[] {
  const body = example.body;
  if (body.kind === 'empty') return ['if len(raw) != 0 {', '\tt.Errorf("body = %s, want it empty", raw)', '}'];
  if (body.kind === 'json') return ['if !json.Valid(raw) {', '\tt.Errorf("body is not JSON: %s", raw)', '}'];
  const keys = body.kind === 'object' ? body.keys : body.itemKeys;
  const decode = (type: string) => [
    `var body ${type}`,
    'if err := json.Unmarshal(raw, &body); err != nil {',
    `\tt.Fatalf("body is not a JSON ${body.kind}: %v; body: %s", err, raw)`,
    '}',
  ];
  const keyList = `[]string{${keys.map(goString).join(', ')}}`;
  const checkKeys = (value: string, indent: string) =>
    [`for _, key := range ${keyList} {`, `\tif _, ok := ${value}[key]; !ok {`, `\t\tt.Errorf("no %q in %s", key, raw)`, '\t}', '}'].map(
      (line) => indent + line,
    );
  if (body.kind === 'object') return [...decode('map[string]any'), ...(keys.length > 0 ? checkKeys('body', '') : [])];
  return [
    ...decode(keys.length > 0 ? '[]map[string]any' : '[]any'),
    ...(keys.length > 0 ? ['for _, item := range body {', ...checkKeys('item', '\t'), '}'] : []),
  ];
}

function goString(text: string): string {
  return JSON.stringify(text);
}
