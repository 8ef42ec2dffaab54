import { endpointWords, pascalName, snakeName } from '../endpoint.js';
import type { EndpointExample } from '../endpoint-example.js';
import { findExistingTest } from '../existing-test.js';
import { projectPathExists, readCodeFile } from '../read-code-file.js';
import type { TestWriter } from '../test-plan.js';
import { rubyLiteral } from '../value-literals.js';

/** An RSpec request spec when the project uses RSpec, otherwise a Rails integration test (Minitest). */
export const writeRailsTest: TestWriter = async ({ projectRoot, endpoint, example }) => {
  const gemfile = (await readCodeFile(projectRoot, 'Gemfile')) ?? '';
  const rspec = /rspec-rails/.test(gemfile) || (await projectPathExists(projectRoot, 'spec'));
  const words = endpointWords(endpoint);
  const title = `${endpoint.method} ${endpoint.template}`;
  const checks = expectations(example, rspec);
  if (rspec) {
    const existing = await findExistingTest(projectRoot, ['spec/**/*_spec.rb'], /type: :request/);
    const helper = /^require ["'](rails_helper|spec_helper)["']/m.exec(existing?.text ?? '')?.[1] ?? 'rails_helper';
    const file = `spec/requests/${snakeName(words)}_spec.rb`;
    const lines = [
      `require "${helper}"`,
      '',
      `RSpec.describe ${JSON.stringify(title)}, type: :request do`,
      `  it "answers ${example.status}" do`,
      `    ${request(example)}`,
      '',
      ...checks.map((line) => `    ${line}`),
      '  end',
      'end',
    ];
    return {
      path: file,
      content: `${lines.join('\n')}\n`,
      style: 'RSpec request spec',
      ...(existing && { basedOn: existing.path }),
      command: `bundle exec rspec ${file}`,
      notes: [],
    };
  }
  const file = `test/integration/${snakeName(words)}_test.rb`;
  const lines = [
    'require "test_helper"',
    '',
    `class ${pascalName(words)}Test < ActionDispatch::IntegrationTest`,
    `  test "answers ${example.status}" do`,
    `    ${request(example)}`,
    '',
    ...checks.map((line) => `    ${line}`),
    '  end',
    'end',
  ];
  return { path: file, content: `${lines.join('\n')}\n`, style: 'Rails integration test (Minitest)', command: `bin/rails test ${file}`, notes: [] };
};

function request(example: EndpointExample): string {
  const body = example.requestBody === undefined ? '' : `, params: ${rubyLiteral(example.requestBody)}, as: :json`;
  return `${example.method.toLowerCase()} ${JSON.stringify(example.path)}${body}`;
}

function expectations(example: EndpointExample, rspec: boolean): string[] {
  const status = rspec ? `expect(response).to have_http_status(${example.status})` : `assert_response ${example.status}`;
  const body = example.body;
  if (body.kind === 'empty') return [status, rspec ? 'expect(response.body).to be_empty' : 'assert_empty response.body'];
  if (body.kind === 'json')
    return [status, rspec ? 'expect(response.media_type).to eq("application/json")' : 'assert_equal "application/json", response.media_type'];
  const keys = (body.kind === 'object' ? body.keys : body.itemKeys).map((key) => JSON.stringify(key)).join(', ');
  const parse = 'body = JSON.parse(response.body)';
  if (body.kind === 'array') {
    const isArray = rspec ? 'expect(body).to be_an(Array)' : 'assert_kind_of Array, body';
    const items = keys ? [`body.each { |item| ${rspec ? `expect(item.keys).to include(${keys})` : `assert_empty [${keys}] - item.keys`} }`] : [];
    return [status, parse, isArray, ...items];
  }
  if (!keys) return [status, parse, rspec ? 'expect(body).to be_a(Hash)' : 'assert_kind_of Hash, body'];
  return [status, parse, rspec ? `expect(body.keys).to include(${keys})` : `assert_empty [${keys}] - body.keys`];
}
