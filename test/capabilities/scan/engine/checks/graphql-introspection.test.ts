import { describe, expect, it } from 'vitest';
import { scanBookshop } from './graphql-scan.js';

describe('graphql_introspection', () => {
  it('reports an endpoint that answers its schema to a caller with no credentials, as info, with the curl that asks it', async () => {
    const { result } = await scanBookshop({ checks: ['graphql_introspection'] });
    expect(result.findings).toEqual([
      expect.objectContaining({
        rule: 'graphql_introspection',
        severity: 'info',
        owasp: 'API8:2023',
        method: 'POST',
        path: '/graphql',
        title: expect.stringMatching(/^Introspection is on: the endpoint answers its schema \(\d+ types\) to anyone, with no credentials$/),
      }),
    ]);
    const [finding] = result.findings;
    expect(finding!.evidence.response).toContain('"__schema"');
    expect(finding!.curl).toMatch(/^curl .* -X POST 'http:\/\/127\.0\.0\.1:\d+\/graphql' .*--data-raw '\{"query":"query IntrospectionProbe \{ __schema/);
    expect(finding!.curl).not.toContain('authorization');
  });

  it('finds nothing on the twin, which refuses introspection (its schema given as SDL)', async () => {
    const { result } = await scanBookshop({ twin: true, checks: ['graphql_introspection'] });
    expect(result.checks).toEqual(['graphql_introspection']);
    expect(result.findings).toEqual([]);
  });
});
