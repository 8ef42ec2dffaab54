import { describe, expect, it } from 'vitest';
import { olderVersionPaths } from '../../../../../../src/capabilities/scan/engine/checks/undocumented-endpoints/older-api-versions.js';

describe('olderVersionPaths', () => {
  it('moves a path to the two versions below its own', () => {
    expect(olderVersionPaths('/api/v3/users/{id}')).toEqual([
      { version: '/api/v2', path: '/api/v2/users/{id}' },
      { version: '/api/v1', path: '/api/v1/users/{id}' },
    ]);
    expect(olderVersionPaths('/v2')).toEqual([{ version: '/v1', path: '/v1' }]);
  });

  it('finds none under v1, or without a version segment', () => {
    expect(olderVersionPaths('/api/v1/users')).toEqual([]);
    expect(olderVersionPaths('/vendors/2')).toEqual([]);
    expect(olderVersionPaths('/users/v2beta')).toEqual([]);
  });
});
