import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config/config-error.js';
import { openGlobalConfigForEdit } from '../../src/config/editable-global-config.js';
import { expectRejectsLeavingFile, tempDir, writeText } from './temp-dir.js';

async function homeWith(yaml: string): Promise<{ home: string; file: string }> {
  const home = await tempDir();
  const file = join(home, 'config.yaml');
  await writeText(file, yaml);
  return { home, file };
}

describe('openGlobalConfigForEdit', () => {
  it('opens a missing file as an empty one', async () => {
    const home = await tempDir();
    const opened = await openGlobalConfigForEdit({ env: { FALCON_HOME: home } });
    expect(opened).toMatchObject({ path: join(home, 'config.yaml'), exists: false, raw: {}, migrated: false, warnings: [] });
  });

  it('keeps unknown keys in the raw file and warns about them with their line', async () => {
    const { home, file } = await homeWith('providers:\n  openai: {model: gpt-4o-mini}\ntelemetry: off\n');
    const opened = await openGlobalConfigForEdit({ env: { FALCON_HOME: home } });
    expect(opened.raw).toEqual({ providers: { openai: { model: 'gpt-4o-mini' } }, telemetry: 'off' });
    expect(opened.data).toEqual({ providers: { openai: { model: 'gpt-4o-mini' } } });
    expect(opened.warnings).toEqual([`${file}:3: telemetry: unknown key, ignored`]);
  });

  it.each([
    ['a YAML syntax error', 'providers:\n  openai: {model: gpt-4o\n', /:3:1: /],
    ['a mistyped value', 'providers:\n  openai:\n    model: [gpt-4o]\n', /:3: providers\.openai\.model: expected a string, got a list$/],
    [
      'a default that names no provider',
      'default_provider: opena\nproviders:\n  openai: {model: m}\n',
      /:1: default_provider: "opena" is not a configured provider/,
    ],
  ])('refuses %s with file, line and key, leaving the file untouched', async (_case, yaml, message) => {
    const { home, file } = await homeWith(yaml);
    const error = await expectRejectsLeavingFile(file, () => openGlobalConfigForEdit({ env: { FALCON_HOME: home } }));
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message.startsWith(file)).toBe(true);
    expect(error.message).toMatch(message);
    expect(await readFile(file, 'utf8')).toBe(yaml);
  });
});
