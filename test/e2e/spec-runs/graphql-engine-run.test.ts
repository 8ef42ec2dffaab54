import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSpecTests } from '../../../src/engines/testing/run-spec-tests.js';
import { VariableScope } from '../../../src/workspace/variable-scope.js';
import { BOOKSHOP_USERS } from '../../apis/graphql-api/bookshop-data.js';
import { startBookshopGraphQL, type BookshopGraphQL } from '../../apis/graphql-api/bookshop-graphql.js';
import { createTempProject, type TempProject } from '../../tools/temp-project.js';

let planted: BookshopGraphQL;
let twin: BookshopGraphQL;
let project: TempProject;

beforeAll(async () => {
  [planted, twin, project] = await Promise.all([startBookshopGraphQL(), startBookshopGraphQL({ twin: true }), createTempProject()]);
});
afterAll(() => Promise.all([planted.close(), twin.close(), project.remove()]));

const headers = { Authorization: `Bearer ${BOOKSHOP_USERS[0]!.token}` };

describe('falcon test on a GraphQL endpoint', () => {
  it('finds the planted defects of the bookshop', async () => {
    const { run } = await runSpecTests({
      projectRoot: project.root,
      variables: await VariableScope.open(project.root, {}),
      graphql: { endpoint: planted.endpoint },
      headers,
    });
    const failures = run.results.filter((result) => result.outcome === 'failed');
    const messages = failures.flatMap((result) => result.findings.map((finding) => `${result.case.name} | ${finding.kind} | ${finding.message}`));
    expect(messages.some((line) => line.includes('graphql_response_schema') && line.includes('Book.price') && line.includes('genre: RARE'))).toBe(true);
    expect(messages.some((line) => line.includes('graphql_no_server_error') && line.includes('500') && line.includes('title'))).toBe(true);
    const fuzzed = failures.find((result) => result.case.operationId === 'query.searchBooks' && result.fuzz);
    const title = (fuzzed?.case.request.body as { variables: { title: string } }).variables.title;
    expect(title.length).toBeGreaterThan(100);
    expect(title.length).toBeLessThan(110);
    expect(run.warnings?.map((warning) => warning.operation)).toEqual(['query.order']);
  });

  it('passes the twin from its SDL file', async () => {
    const { run } = await runSpecTests({
      projectRoot: project.root,
      variables: await VariableScope.open(project.root, {}),
      graphql: { endpoint: twin.endpoint, schemaFile: twin.sdlFile },
      headers,
    });
    const failures = run.results.filter((result) => result.outcome === 'failed');
    expect(failures).toEqual([]);
    expect(run.warnings).toBeUndefined();
    expect(run.results.length).toBeGreaterThan(20);
  });
});
