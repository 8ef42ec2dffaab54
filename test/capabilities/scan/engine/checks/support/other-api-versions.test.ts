import { describe, expect, it } from 'vitest';
import { otherVersionPaths } from '../../../../../../src/capabilities/scan/engine/checks/undocumented-endpoints/other-api-versions.js';

describe('otherVersionPaths', () => {
  it('moves a path to the version below, the one above, the older ones, then the API without a version', () => {
    expect(otherVersionPaths('/api/v5/users/{id}')).toEqual([
      { version: { prefix: '/api/v4', relation: 'older' }, path: '/api/v4/users/{id}' },
      { version: { prefix: '/api/v6', relation: 'newer' }, path: '/api/v6/users/{id}' },
      { version: { prefix: '/api/v3', relation: 'older' }, path: '/api/v3/users/{id}' },
      { version: { prefix: '/api/v2', relation: 'older' }, path: '/api/v2/users/{id}' },
      { version: { prefix: '/api', relation: 'unversioned' }, path: '/api/users/{id}' },
    ]);
  });

  it('goes no lower than v1, and leaves the root alone when the version is the first segment', () => {
    expect(otherVersionPaths('/api/v1/users')).toEqual([
      { version: { prefix: '/api/v2', relation: 'newer' }, path: '/api/v2/users' },
      { version: { prefix: '/api', relation: 'unversioned' }, path: '/api/users' },
    ]);
    expect(otherVersionPaths('/v2')).toEqual([
      { version: { prefix: '/v1', relation: 'older' }, path: '/v1' },
      { version: { prefix: '/v3', relation: 'newer' }, path: '/v3' },
    ]);
  });

  it('finds none without a version segment', () => {
    expect(otherVersionPaths('/vendors/2')).toEqual([]);
    expect(otherVersionPaths('/users/v2beta')).toEqual([]);
  });
});
