import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import which from 'which';
import { type DoctorCheck, ok, warn } from './doctor-check.js';

/** ripgrep on PATH, as search_code looks for it; without it the built-in search does the work. */
export async function checkSearch(): Promise<DoctorCheck> {
  const ripgrep = await which('rg', { nothrow: true });
  if (!ripgrep) {
    return warn(
      'search',
      'ripgrep (rg) is not on PATH: search_code uses the built-in search, slower on large projects',
      'install ripgrep for faster searches: https://github.com/BurntSushi/ripgrep#installation',
    );
  }
  return ok('search', `${await ripgrepVersion(ripgrep)} (${ripgrep})`);
}

async function ripgrepVersion(ripgrep: string): Promise<string> {
  try {
    const { stdout } = await promisify(execFile)(ripgrep, ['--version'], { timeout: 5000 });
    return stdout.split('\n')[0]!.trim() || 'ripgrep';
  } catch {
    return 'ripgrep';
  }
}
