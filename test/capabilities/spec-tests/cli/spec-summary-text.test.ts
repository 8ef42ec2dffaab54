import { describe, expect, it } from 'vitest';
import { specSummaryText } from '../../../../src/capabilities/spec-tests/cli/spec-summary-text.js';
import type { SpecFacts } from '../../../../src/engines/spec/summarize-spec.js';

const FACTS: SpecFacts = {
  label: 'Shop 2.1',
  origin: '12 operations from openapi.yaml (OpenAPI 3.1.0)',
  servers: 'https://api.shop.example',
  auth: 'bearer (HTTP bearer); 2 of 12 operations need none',
  tags: [
    ['orders', 7],
    ['customers', 4],
    ['(untagged)', 1],
  ],
};

const plain = (_style: unknown, text: string) => text;

describe('specSummaryText', () => {
  it('shows the summary as text: name, origin, servers, auth, and the tags in aligned columns', () => {
    expect(specSummaryText(FACTS, plain)).toEqual([
      'Shop 2.1',
      '12 operations from openapi.yaml (OpenAPI 3.1.0)',
      '',
      'Servers  https://api.shop.example',
      'Auth     bearer (HTTP bearer); 2 of 12 operations need none',
      '',
      'Operations by tag:',
      '  orders      7',
      '  customers   4',
      '  (untagged)  1',
    ]);
  });

  it('styles the name and the labels when the terminal shows colours', () => {
    const lines = specSummaryText(FACTS, (style, text) => `<${String(style)}>${text}</>`);
    expect(lines[0]).toBe('<bold>Shop 2.1</>');
    expect(lines[3]).toBe('<dim>Servers</>  https://api.shop.example');
  });

  it('shows the spec’s own names without their control characters, one line each', () => {
    const lines = specSummaryText({ ...FACTS, label: 'Evil\u001b]0;pwned\u0007', tags: [['a\nb\u001b[2J', 1]] }, plain);
    expect(lines.join('\n')).not.toMatch(/\u001b|\u0007/);
    expect(lines[0]).toBe('Evil␛]0;pwned^G');
    expect(lines.at(-1)).toBe('  a b␛[2J  1');
    expect(specSummaryText({ ...FACTS, tags: [] }, plain).at(-1)).toBe('Auth     bearer (HTTP bearer); 2 of 12 operations need none');
  });
});
