import { describe, expect, it } from 'vitest';
import { BOOKSHOP_USERS } from '../../../../apis/graphql-api/bookshop-data.js';
import { scanBookshop } from './graphql-scan.js';

describe('bola on a GraphQL endpoint', () => {
  it("reports order(id:) answering Alice's order to Bob and to no one, with a script that replays the three reads", async () => {
    const { result } = await scanBookshop({ checks: ['bola'] });
    expect(result.findings).toEqual([
      expect.objectContaining({
        rule: 'bola',
        severity: 'high',
        owasp: 'API1:2023',
        method: 'query',
        path: 'order',
        title: `Bob reads Alice's Order 101 with order(id: "101"), as does a caller with no credentials`,
      }),
    ]);
    const [finding] = result.findings;
    // Alice's own note, in the answer to Bob.
    expect(finding!.evidence.response).toContain('"note":"gift wrap"');
    expect(finding!.curl).toContain('$TOKEN_OF_BOB');
    expect(finding!.reproduce!.join('\n')).toMatch(/TOKEN_OF_ALICE[\s\S]*TOKEN_OF_BOB/);
    expect(JSON.stringify(finding)).not.toContain(BOOKSHOP_USERS[0]!.token);
  });

  it('finds nothing on the twin, which answers each order to its owner only', async () => {
    const { result } = await scanBookshop({ twin: true, checks: ['bola'] });
    expect(result.findings).toEqual([]);
  });

  it('says that one user is not enough', async () => {
    const alice = BOOKSHOP_USERS[0]!;
    const { result } = await scanBookshop({ checks: ['bola'], tokens: [`${alice.name}:${alice.token}`] });
    expect(result.findings).toEqual([]);
    expect(result.notes).toEqual([expect.stringContaining('bola: two users are needed')]);
  });
});
