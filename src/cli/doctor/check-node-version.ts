import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { packageRoot } from '../../package-root.js';
import { type DoctorCheck, fail, ok, warn } from './doctor-check.js';

const AT_LEAST = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/;

/** Node's version against `engines.node` of Falcon's package.json (`>=20.19`). */
export async function checkNodeVersion(version: string = process.versions.node): Promise<DoctorCheck> {
  const required = await requiredNode();
  const minimum = AT_LEAST.exec(required ?? '');
  if (!required || !minimum) return warn('node', `Node.js ${version}; cannot tell whether it meets "${required ?? '(no engines.node)'}"`);
  if (
    compare(
      numbers(version),
      minimum.slice(1).map((part) => Number(part ?? 0)),
    ) >= 0
  ) {
    return ok('node', `Node.js ${version} (Falcon needs ${required})`);
  }
  return fail(
    'node',
    `Node.js ${version} is too old: Falcon needs ${required}`,
    `install Node.js ${required.replace(/^>=\s*/, '')} or newer (https://nodejs.org)`,
  );
}

async function requiredNode(): Promise<string | undefined> {
  const manifest = JSON.parse(await readFile(path.join(packageRoot(), 'package.json'), 'utf8')) as { engines?: { node?: string } };
  return manifest.engines?.node?.trim();
}

function numbers(version: string): number[] {
  return version.split('.').map((part) => Number.parseInt(part, 10) || 0);
}

function compare(a: number[], b: number[]): number {
  for (let i = 0; i < 3; i++) {
    const difference = (a[i] ?? 0) - (b[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}
