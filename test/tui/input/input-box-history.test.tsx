import { cleanup } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { InputHistory } from '../../../src/tui/input/input-history.js';
import { tempDir } from '../../config/temp-dir.js';
import { KEYS, renderInputBox, tick } from './render-input-box.js';

afterEach(() => cleanup());

describe('InputBox history', () => {
  it('recalls older entries with ↑ and newer with ↓, then gives back the unsent draft', async () => {
    const box = renderInputBox({ history: new InputHistory(['oldest', 'newer']) });
    await box.type('my draft', KEYS.up);
    expect(box.frame()).toContain('› newer');
    await box.type(KEYS.up);
    expect(box.frame()).toContain('› oldest');
    await box.type(KEYS.up);
    expect(box.frame()).toContain('› oldest');
    await box.type(KEYS.down, KEYS.down);
    expect(box.frame()).toContain('› my draft');
    await box.type(KEYS.up, '!', KEYS.enter);
    expect(box.onSubmit).toHaveBeenCalledExactlyOnceWith('newer!');
  });

  it('moves between lines of a multi-line input before leaving it for history', async () => {
    const box = renderInputBox({ history: new InputHistory(['older']) });
    await box.type('top', KEYS.metaEnter, 'bottom', KEYS.up);
    expect(box.frame()).toContain('› top');
    expect(box.frame()).toContain('bottom');
    await box.type(KEYS.up);
    expect(box.frame()).toContain('› older');
    expect(box.frame()).not.toContain('bottom');
  });

  it('adds what is sent, persists it in the project and recalls it in a later session', async () => {
    const project = await tempDir();
    const history = await InputHistory.load(project);
    const first = renderInputBox({ history });
    await first.type('GET /users', KEYS.enter, 'GET /orders', KEYS.enter);
    first.unmount();
    // The last entry again adds nothing; it resolves once what was sent is on disk.
    await history.add('GET /orders');

    const second = renderInputBox({ history: await InputHistory.load(project) });
    await second.type(KEYS.up);
    expect(second.frame()).toContain('› GET /orders');
    await second.type(KEYS.up, KEYS.enter);
    expect(second.onSubmit).toHaveBeenCalledExactlyOnceWith('GET /users');
  });

  it('walks past recalled slash commands and @paths instead of opening their panels', async () => {
    const box = renderInputBox({
      history: new InputHistory(['first', 'see @src/a.ts', '/help']),
      completeFiles: async () => ['src/a.ts'],
    });
    await box.type(KEYS.up);
    expect(box.frame()).toContain('› /help');
    expect(box.frame()).not.toContain('Show the commands');
    await box.type(KEYS.up);
    await tick(150);
    expect(box.frame().match(/@src\/a\.ts/g)).toHaveLength(1);
    await box.type(KEYS.up);
    expect(box.frame()).toContain('› first');
  });
});
