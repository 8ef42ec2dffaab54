// The driver comes first: it installs the testing prompts before the wizard imports its own.
import { expectQuestion, screen, startWizard, writtenConfig } from './wizard-driver.js';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../../src/config/config-error.js';
import { runConfigWizard, WizardCancelledError } from '../../../../src/cli/config/wizard/run-config-wizard.js';
import { tempDir } from '../../../config/temp-dir.js';

describe('runConfigWizard: the menu', () => {
  it('removes the default provider and says which provider takes its place', async () => {
    const yaml =
      'default_provider: ollama\nfallback: [gemini]\nproviders:\n  ollama: {model: llama3.2}\n  openai: {model: gpt-4o-mini}\n  gemini: {model: gemini-2.5-flash}\n';
    const run = await startWizard({}, yaml);
    for (let i = 0; i < 3; i++) screen.keypress('down');
    screen.keypress('enter'); // Remove a provider
    await expectQuestion('Remove which provider?');
    screen.keypress('enter'); // ollama
    await expectQuestion('Remove ollama and its settings?');
    screen.type('y');
    screen.keypress('enter');
    await expectQuestion('What would you like to do?');
    expect(run.printed).toContain('ollama was the default provider; the default is now gemini.');
    screen.keypress('enter');

    await expect(run.result).resolves.toBe(true);
    expect(await writtenConfig(run.file)).toEqual({
      default_provider: 'gemini',
      providers: { openai: { model: 'gpt-4o-mini' }, gemini: { model: 'gemini-2.5-flash' } },
    });
  });

  it('sets the fallback order one provider at a time', async () => {
    const yaml = 'default_provider: ollama\nproviders:\n  ollama: {model: llama3.2}\n  openai: {model: gpt-4o-mini}\n  gemini: {model: gemini-2.5-flash}\n';
    const run = await startWizard({}, yaml);
    screen.keypress('down');
    screen.keypress('down');
    screen.keypress('enter'); // Set the fallback order
    await expectQuestion('First fallback');
    expect(screen.getScreen()).not.toContain('ollama (llama3.2)'); // the default is tried first anyway
    screen.keypress('down');
    screen.keypress('enter'); // gemini
    await expectQuestion('Fallback 2');
    screen.keypress('enter'); // openai
    await expectQuestion('What would you like to do?');
    screen.keypress('enter');

    await expect(run.result).resolves.toBe(true);
    expect((await writtenConfig(run.file)).fallback).toEqual(['gemini', 'openai']);
  });

  it('leaves the file as it was on Ctrl-C, even after changes in the same session', async () => {
    const yaml = '# my providers\ndefault_provider: ollama\nproviders:\n  ollama: {model: llama3.2}\n  openai: {model: gpt-4o-mini}\n';
    const run = await startWizard({}, yaml);
    screen.keypress('down');
    screen.keypress('enter'); // Set the default provider
    await expectQuestion('Default provider');
    screen.keypress('down');
    screen.keypress('enter'); // openai
    await expectQuestion('What would you like to do?');
    screen.keypress({ name: 'c', ctrl: true });

    await expect(run.result).rejects.toBeInstanceOf(WizardCancelledError);
    expect(await readFile(run.file, 'utf8')).toBe(yaml);
  });

  it('refuses a malformed file before the first question, leaving it untouched', async () => {
    const home = await tempDir();
    const file = join(home, 'config.yaml');
    await writeFile(file, 'providers:\n  openai:\n    model: 4\n', { mode: 0o600 });
    const error = await runConfigWizard({ env: { FALCON_HOME: home }, print: () => undefined }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toBe(`${file}:3: providers.openai.model: expected a string, got 4`);
    expect(await readFile(file, 'utf8')).toBe('providers:\n  openai:\n    model: 4\n');
  });

  it('saves a file of the Go Falcon in the current format, keeping its values', async () => {
    const run = await startWizard({}, 'provider: ollama\ndefault_model: llama3.2\nopenai_api_key: sk-legacy-0123456789\n');
    expect(run.printed[0]).toContain('written by an earlier Falcon');
    expect(screen.getScreen()).toContain('❯ Save and exit');
    screen.keypress('enter');

    await expect(run.result).resolves.toBe(true);
    expect(await writtenConfig(run.file)).toEqual({
      default_provider: 'ollama',
      providers: { ollama: { model: 'llama3.2' }, openai: { model: 'gpt-4o-mini', config: { api_key: 'sk-legacy-0123456789' } } },
    });
  });
});
