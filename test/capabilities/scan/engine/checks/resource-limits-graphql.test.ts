import { describe, expect, it } from 'vitest';
import { PROBE_ALIASES, PROBE_BATCH, PROBE_DEPTH, PROBE_WIDTH } from '../../../../../src/capabilities/scan/engine/checks/resource-limits/graphql-limits.js';
import { scanBookshop } from './graphql-scan.js';

describe('resource_limits on a GraphQL endpoint', () => {
  it('reports a deep query, many aliases, a wide query and a batch each answered in full, and nothing of the REST probes', async () => {
    const { result, executed } = await scanBookshop({ checks: ['resource_limits'] });
    expect(result.findings.map((finding) => [finding.rule, finding.severity, `${finding.method} ${finding.path}`, finding.title])).toEqual(
      expect.arrayContaining([
        ['resource_limits', 'medium', 'query me', `A query ${PROBE_DEPTH} levels deep is answered in full: no depth limit`],
        ['resource_limits', 'medium', 'query me', `${PROBE_ALIASES} aliases of me in one query are all answered: no alias limit`],
        ['resource_limits', 'medium', 'query me', `A query asking for me ${PROBE_WIDTH} times is answered in full: no width or cost limit`],
        ['resource_limits', 'medium', 'POST /graphql', `${PROBE_BATCH} operations batched in one request are all answered: no batch limit`],
      ]),
    );
    expect(result.findings).toHaveLength(4);
    // The bookshop ran the deep query as Alice, the one the finding's curl sends again.
    const deep = result.findings.find((finding) => finding.title.includes('levels deep'))!;
    expect(deep.curl).toContain('$TOKEN_OF_ALICE');
    expect(executed.some(({ caller, query }) => caller === 'Alice' && query.split('{').length - 1 === PROBE_DEPTH)).toBe(true);
    const batch = result.findings.find((finding) => finding.title.includes('batched'))!;
    expect(batch.curl).toMatch(/--data-raw '\[\{"query":/);
    expect(result.requests).toBeLessThan(20);
  });

  it('finds nothing on the twin, which refuses each probe with a limit error', async () => {
    const { result } = await scanBookshop({ twin: true, checks: ['resource_limits'] });
    expect(result.findings).toEqual([]);
    expect(result.notes).toEqual([]);
  });
});
