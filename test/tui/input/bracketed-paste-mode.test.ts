import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { transformSync } from 'esbuild';
import { describe, expect, it } from 'vitest';

const ON = '\x1b[?2004h';
const OFF = '\x1b[?2004l';

/** Runs `script` in a Node process of its own, after the module's code; returns what it wrote on stdout. */
function runWithModule(script: string): { stdout: string; status: number | null } {
  const source = readFileSync(new URL('../../../src/tui/input/bracketed-paste-mode.ts', import.meta.url), 'utf8');
  const { code } = transformSync(source, { loader: 'ts', format: 'esm' });
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', `${code}\n${script}`], { encoding: 'utf8' });
  return { stdout: child.stdout, status: child.status };
}

describe('startBracketedPaste', () => {
  it('turns bracketed paste on, and off once when stopped', () => {
    const { stdout } = runWithModule('const stop = startBracketedPaste(process.stdout); stop(); stop();');
    expect(stdout).toBe(ON + OFF);
  });

  it('turns it off when the process crashes', () => {
    const { stdout, status } = runWithModule("startBracketedPaste(process.stdout); setTimeout(() => { throw new Error('boom'); });");
    expect(status).toBe(1);
    expect(stdout).toBe(ON + OFF);
  });

  it('turns it off on process.exit, as after a second Ctrl-C or signal', () => {
    expect(runWithModule('startBracketedPaste(process.stdout); process.exit(3);')).toEqual({ stdout: ON + OFF, status: 3 });
  });
});
