// Says at the end of a run which tests were skipped for what this machine lacks (see
// required-tools.ts), in one line: how many, the programs they need, and the command that installs
// them all. Tests skipped for another reason (another operating system) get a line of their own.
import { styleText } from 'node:util';
import type { Reporter, TestModule, Vitest } from 'vitest/node';
import { type Tool, TOOLS } from './required-tools.js';

export default class SkippedTestsReporter implements Reporter {
  private vitest: Vitest | undefined;

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const lines = skippedLines(testModules.flatMap((testModule) => [...testModule.children.allTests('skipped')].map((test) => test.meta())));
    if (lines.length === 0) return;
    const log = (line: string) => (this.vitest ? this.vitest.logger.log(line) : console.log(line));
    log('');
    for (const line of lines) log(styleText(['yellow', 'bold'], ` ${line}`));
  }
}

/**
 * `Skipped 23 tests needing zsh, fish, chromium: apt-get install zsh fish chromium`, then a line per
 * other reason; nothing when no test was skipped for this machine.
 */
export function skippedLines(skipped: ReadonlyArray<{ skippedBecause?: string; missingTool?: { name: Tool; install: string } }>): string[] {
  const tests = (count: number) => `${count} test${count === 1 ? '' : 's'}`;
  const missing = new Set<Tool>();
  let forTools = 0;
  const others = new Map<string, number>();
  for (const { skippedBecause, missingTool } of skipped) {
    if (missingTool) {
      missing.add(missingTool.name);
      forTools += 1;
    } else if (skippedBecause) others.set(skippedBecause, (others.get(skippedBecause) ?? 0) + 1);
  }
  const tools = (Object.keys(TOOLS) as Tool[]).filter((tool) => missing.has(tool));
  const lines = [];
  if (forTools > 0) lines.push(`Skipped ${tests(forTools)} needing ${tools.join(', ')}: apt-get install ${tools.map((tool) => TOOLS[tool].install).join(' ')}`);
  for (const [reason, count] of others) lines.push(`Skipped ${tests(count)}: ${reason}`);
  return lines;
}
