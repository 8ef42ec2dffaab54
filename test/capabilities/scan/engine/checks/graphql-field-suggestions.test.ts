import { describe, expect, it } from 'vitest';
import { scanBookshop } from './graphql-scan.js';

describe('graphql_field_suggestions', () => {
  it('reports errors that suggest the real field for a misspelt one, quoting the suggestion', async () => {
    const { result } = await scanBookshop({ checks: ['graphql_field_suggestions'] });
    expect(result.findings).toEqual([
      expect.objectContaining({
        rule: 'graphql_field_suggestions',
        severity: 'low',
        cwe: 'CWE-209',
        title: 'A misspelt field "bookss" is answered with the schema\'s names: Did you mean "books" or "book"?',
      }),
    ]);
    expect(result.findings[0]!.evidence.response).toContain('Did you mean');
    expect(result.findings[0]!.curl).toContain(`--data-raw '{"query":"query { bookss }"}'`);
  });

  it('finds nothing on the twin, whose errors name no field', async () => {
    const { result } = await scanBookshop({ twin: true, checks: ['graphql_field_suggestions'] });
    expect(result.findings).toEqual([]);
  });
});
