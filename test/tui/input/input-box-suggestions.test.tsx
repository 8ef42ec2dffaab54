import { cleanup } from 'ink-testing-library';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFileCompleter } from '../../../src/tui/input/project-file-completer.js';
import { InputHistory } from '../../../src/tui/input/input-history.js';
import { createTempProject, type TempProject } from '../../tools/temp-project.js';
import { PATIENCE_MS } from '../../support/patience.js';
import { KEYS, renderInputBox } from './render-input-box.js';

let project: TempProject | undefined;
afterEach(async () => {
  cleanup();
  await project?.remove();
  project = undefined;
});

/** The suggestion row marked as selected. */
function selectedRow(frame: string): string | undefined {
  return frame.split('\n').find((line) => line.trimStart().startsWith('› /') || line.trimStart().startsWith('› @'));
}

describe('slash command panel', () => {
  it('lists the matching commands with their descriptions while a name is typed', async () => {
    const box = renderInputBox();
    await box.type('/');
    expect(box.frame()).toContain('/help');
    expect(box.frame()).toContain('Show the commands');
    await box.type('mo');
    expect(box.frame()).toContain('/model');
    expect(box.frame()).toContain('/mode');
    expect(box.frame()).not.toContain('/help');
    await box.type(' ');
    expect(box.frame()).not.toContain('Switch the model');
  });

  it('moves the selection with ↓ instead of recalling history, and completes it with Tab', async () => {
    const box = renderInputBox({ history: new InputHistory(['from history']) });
    await box.type('/mo');
    expect(selectedRow(box.frame())).toContain('/model');
    expect(box.frame()).toContain('usage: /model <provider> <model>');
    await box.type(KEYS.down);
    expect(selectedRow(box.frame())).toContain('/mode ');
    await box.type(KEYS.up, KEYS.up);
    expect(box.frame()).not.toContain('from history');
    await box.type(KEYS.tab);
    expect(box.frame()).toContain('› /mode');
    expect(box.frame()).not.toContain('Switch the mode');
    await box.type('plan', KEYS.enter);
    expect(box.onSubmit).toHaveBeenCalledExactlyOnceWith('/mode plan');
  });

  it('completes an incomplete name on Enter and submits the command', async () => {
    const box = renderInputBox();
    await box.type('/he', KEYS.enter);
    expect(box.onSubmit).toHaveBeenCalledExactlyOnceWith('/help');
  });

  it('submits text that matches no command as typed', async () => {
    const box = renderInputBox();
    await box.type('/usr/bin/env', KEYS.enter);
    expect(box.onSubmit).toHaveBeenCalledExactlyOnceWith('/usr/bin/env');
  });
});

describe('@path completion', () => {
  async function projectWithFiles() {
    project = await createTempProject();
    await project.write('src/users.ts', '');
    await project.write('src/orders.ts', '');
    await project.write('node_modules/users/index.js', '');
    return createFileCompleter(project.root);
  }

  it('offers project files for the @ word at the cursor and inserts the selected one with Tab', async () => {
    const box = renderInputBox({ completeFiles: await projectWithFiles() });
    await box.type('why does @us');
    await vi.waitFor(() => expect(box.frame()).toContain('@src/users.ts'), { timeout: PATIENCE_MS });
    expect(box.frame()).not.toContain('node_modules');
    await box.type(KEYS.tab, 'fail?', KEYS.enter);
    expect(box.onSubmit).toHaveBeenCalledExactlyOnceWith('why does @src/users.ts fail?');
  });

  it('moves the selection with ↓ among the matches', async () => {
    const box = renderInputBox({ completeFiles: await projectWithFiles() });
    await box.type('@src/');
    await vi.waitFor(() => expect(selectedRow(box.frame())).toContain('@src/users.ts'), { timeout: PATIENCE_MS });
    await box.type(KEYS.down);
    expect(selectedRow(box.frame())).toContain('@src/orders.ts');
    await box.type(KEYS.tab);
    expect(box.frame()).toContain('› @src/orders.ts');
  });

  it('asks once the typing pauses, and closes when the word no longer starts with @', async () => {
    const asked: string[] = [];
    const box = renderInputBox({
      completeFiles: async (prefix) => {
        asked.push(prefix);
        return ['src/users.ts'];
      },
    });
    box.stdin.write('@');
    box.stdin.write('u');
    box.stdin.write('s');
    await vi.waitFor(() => expect(box.frame()).toContain('@src/users.ts'), { timeout: PATIENCE_MS });
    expect(asked).toEqual(['us']);
    await box.type(' ');
    expect(box.frame()).not.toContain('@src/users.ts');
  });
});
