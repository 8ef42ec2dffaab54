import { describe, expect, it } from 'vitest';
import { checkNodeVersion } from '../../../src/cli/doctor/check-node-version.js';

describe('checkNodeVersion against engines.node (>=20.19)', () => {
  it.each(['20.19.0', '20.19.3', '22.0.0', '24.1.0'])('passes %s', async (version) => {
    expect(await checkNodeVersion(version)).toEqual({ name: 'node', status: 'ok', summary: `Node.js ${version} (Falcon needs >=20.19)` });
  });

  it.each(['20.18.9', '18.20.4', '16.0.0'])('fails %s, saying what to install', async (version) => {
    expect(await checkNodeVersion(version)).toEqual({
      name: 'node',
      status: 'fail',
      summary: `Node.js ${version} is too old: Falcon needs >=20.19`,
      fix: 'install Node.js 20.19 or newer (https://nodejs.org)',
    });
  });
});
