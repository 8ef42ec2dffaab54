import { screen } from '@inquirer/testing/vitest';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';
import { expect } from 'vitest';
import { runConfigWizard } from '../../../../src/cli/config/wizard/run-config-wizard.js';
import { tempDir } from '../../../config/temp-dir.js';

// @inquirer/testing/vitest is imported first: it replaces the prompts the wizard imports with ones
// whose screen the tests read and whose keys they press.

export { screen };

export interface WizardRun {
  home: string;
  file: string;
  /** The lines the wizard printed between its questions. */
  printed: string[];
  result: Promise<boolean>;
}

/** Starts the wizard on a fresh Falcon home, with `yaml` as its config file when given. */
export async function startWizard(env: Record<string, string> = {}, yaml?: string): Promise<WizardRun> {
  const home = await tempDir();
  const file = join(home, 'config.yaml');
  if (yaml !== undefined) await writeFile(file, yaml, { mode: 0o600 });
  const printed: string[] = [];
  const result = runConfigWizard({ env: { FALCON_HOME: home, ...env }, print: (line) => printed.push(line), probeTimeoutMs: 5000 });
  result.catch(() => undefined); // examined by the test; keeps an early rejection from being reported as unhandled
  await screen.next();
  return { home, file, printed, result };
}

/** Waits for the next question and checks it is the one expected. */
export async function expectQuestion(text: string): Promise<void> {
  await screen.next();
  expect(screen.getScreen()).toContain(text);
}

export async function writtenConfig(file: string): Promise<Record<string, unknown>> {
  return parse(await readFile(file, 'utf8')) as Record<string, unknown>;
}
