import { describe, expect, it } from 'vitest';
import { scanBookshop } from './graphql-scan.js';

describe('sqli on a GraphQL endpoint', () => {
  it('reports the quote in searchBooks(title:) that brings back the database error, and no other argument', async () => {
    const { result } = await scanBookshop({ checks: ['sqli'] });
    expect(result.findings).toEqual([
      expect.objectContaining({
        rule: 'sqli',
        severity: 'high',
        cwe: 'CWE-89',
        method: 'query',
        path: 'searchBooks',
        title: 'A quote in the argument "title" of query searchBooks breaks the SQL query: HTTP 200 with "SQLITE_ERROR: near "',
      }),
    ]);
    const [finding] = result.findings;
    expect(finding!.evidence.response).toContain('syntax error in SELECT * FROM books');
    // The quote closes the shell's own quoting and comes back escaped: the curl sends `a'`.
    expect(finding!.curl).toContain(`"variables":{"title":"a'\\''"}`);
    expect(result.notes).toEqual(['sqli: the GraphQL mutations were not probed (they write)']);
  });

  it('finds nothing on the twin, which searches safely', async () => {
    const { result } = await scanBookshop({ twin: true, checks: ['sqli'] });
    expect(result.findings).toEqual([]);
  });
});
