// Says at the end of a run which tests were skipped for what this machine lacks (see
// required-tools.ts): one line per group, with the reason (the program and what installs it).
import { styleText } from 'node:util';
import type { Reporter, TestCase, TestModule, TestSuite, Vitest } from 'vitest/node';

export default class SkippedTestsReporter implements Reporter {
  private vitest: Vitest | undefined;

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const groups = new Map<string, { reason: string; where: string; tests: number }>();
    for (const testModule of testModules) {
      for (const test of testModule.children.allTests('skipped')) {
        const group = skippedGroup(test);
        if (!group) continue;
        const where = group.node.type === 'module' ? group.node.relativeModuleId : `${group.node.module.relativeModuleId} > ${group.node.fullName}`;
        const key = `${group.reason}\0${where}`;
        const entry = groups.get(key) ?? { reason: group.reason, where, tests: 0 };
        entry.tests += 1;
        groups.set(key, entry);
      }
    }
    if (groups.size === 0) return;
    const log = (line: string) => (this.vitest ? this.vitest.logger.log(line) : console.log(line));
    log('');
    log(styleText(['yellow', 'bold'], ` Skipped ${groups.size} group${groups.size === 1 ? '' : 's'} of tests for what this machine lacks (in CI a missing program fails the run):`));
    for (const { reason, where, tests } of groups.values()) {
      log(styleText('yellow', `   ${tests} test${tests === 1 ? '' : 's'} of ${where}: ${reason}`));
    }
  }
}

/**
 * Why a skipped test was skipped, and the group it was skipped with: the outermost suite marked
 * with that reason, or the test's own suite (or file) when only the test is.
 */
function skippedGroup(test: TestCase): { reason: string; node: TestSuite | TestModule } | undefined {
  const reason = test.meta().skippedBecause;
  if (!reason) return undefined;
  let node: TestSuite | TestModule = test.parent;
  for (let parent: TestSuite | TestModule = test.parent; parent.type === 'suite'; parent = parent.parent) {
    if (parent.meta().skippedBecause === reason) node = parent;
  }
  return { reason, node };
}
