import { describe, expect, it } from 'vitest';
import { isDocumented } from '../../../../../../src/capabilities/scan/engine/checks/undocumented-endpoints/documented-path.js';
import type { SpecOperation } from '../../../../../../src/engines/spec/spec-format.js';

const operations = ['/admin/users/{id}', '/files/{name}.json', '/status/'].map((path) => ({ path }) as SpecOperation);

describe('isDocumented', () => {
  it('matches templates segment by segment, trailing slashes aside', () => {
    expect(isDocumented('/admin/users/7', operations)).toBe(true);
    expect(isDocumented('/files/report.json', operations)).toBe(true);
    expect(isDocumented('/status', operations)).toBe(true);
  });

  it('does not take a prefix or a longer path for documented', () => {
    expect(isDocumented('/admin', operations)).toBe(false);
    expect(isDocumented('/admin/users/7/roles', operations)).toBe(false);
    expect(isDocumented('/files/reportXjson', operations)).toBe(false);
  });
});
