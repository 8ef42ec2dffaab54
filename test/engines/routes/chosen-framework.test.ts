import { describe, expect, it } from 'vitest';
import { UnknownFrameworkError, findHandler } from '../../../src/engines/routes/find-handler.js';
import { fixtureRoot } from './framework-cases.js';

const find = (framework: { framework?: string; configuredFramework?: string }) =>
  findHandler(fixtureRoot('express'), { method: 'GET', path: '/api/users/5/avatar', ...framework });

describe('the framework find_handler reads routes as', () => {
  it('is the configured one its caller passes, unless one is asked for', async () => {
    expect((await find({ configuredFramework: 'express' })).framework).toEqual({ name: 'express', source: 'config' });
    expect((await find({ framework: 'django', configuredFramework: 'express' })).framework).toMatchObject({ source: 'fallback', firstTried: 'django' });
  });

  it('is every framework when the configured one is other or unknown, while an unknown one asked for is refused', async () => {
    expect((await find({ configuredFramework: 'other' })).framework).toEqual({ name: 'all', source: 'none' });
    expect((await find({ configuredFramework: 'rocket' })).framework).toEqual({ name: 'all', source: 'none' });
    await expect(find({ framework: 'rocket' })).rejects.toThrow(UnknownFrameworkError);
  });
});
