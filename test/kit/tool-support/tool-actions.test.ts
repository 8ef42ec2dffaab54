import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineActions } from '../../../src/kit/tool-support/tool-actions.js';
import { describeTool } from '../../../src/agent/tool-reference.js';
import { ToolError, defineTool } from '../../../src/kit/tool/tool.js';
import { toolContext } from '../../tools/temp-project.js';

const ctx = toolContext('/project');

function noteActions(preview = vi.fn(async () => ({ kind: 'info' as const, title: 'drop it', details: '' }))) {
  return defineActions(
    'notes',
    {
      id: z.string().describe('the note id, e.g. "n1"'),
      text: z.string().describe('one line'),
      tags: z.array(z.string()).describe('labels'),
    },
    (action) => ({
      list: action({ run: async () => 'every note' }),
      add: action({ required: ['text'], optional: ['tags'], run: async ({ text, tags }) => `added ${text} [${tags?.join(', ') ?? ''}]` }),
      drop: action({ required: ['id'], description: 'for good', preview, run: async ({ id }) => `dropped ${id}` }),
    }),
  );
}

describe('defineActions', () => {
  it('makes the schema: the action among those declared, every parameter optional, nothing else', () => {
    const { schema } = noteActions();
    expect(schema.parse({ action: 'add', text: 'x' })).toEqual({ action: 'add', text: 'x' });
    expect(schema.safeParse({ action: 'edit' }).success).toBe(false);
    expect(schema.safeParse({ action: 'add', txt: 'x' }).success).toBe(false);
    expect(schema.safeParse({ text: 'x' }).success).toBe(false);
  });

  it('describes each action with its parameters, the optional ones marked, then what it does when it says', () => {
    const tool = defineTool({ name: 'notes', description: 'Keep notes.', kind: 'write', ...noteActions() });
    expect(describeTool(tool)).toBe(
      [
        'notes — Keep notes. (the user approves each call)',
        '  - action ("list" | "add" | "drop", required): list(); add(text, tags?); drop(id): for good',
        '  - id (string): the note id, e.g. "n1"',
        '  - text (string): one line',
        '  - tags (string[]): labels',
      ].join('\n'),
    );
  });

  it('runs the action the call names, with its arguments', async () => {
    const { run } = noteActions();
    expect(await run({ action: 'list' }, ctx)).toBe('every note');
    expect(await run({ action: 'add', text: 'buy milk', tags: ['home'] }, ctx)).toBe('added buy milk [home]');
    expect(await run({ action: 'drop', id: 'n1' }, ctx)).toBe('dropped n1');
  });

  it('refuses an action without a parameter it needs, naming the tool, the action and the parameter', async () => {
    const { run } = noteActions();
    await expect(run({ action: 'add' }, ctx)).rejects.toThrow(new ToolError('notes: add needs text'));
    await expect(run({ action: 'add', text: '' }, ctx)).rejects.toThrow(new ToolError('notes: add needs text'));
  });

  it('refuses a parameter the action would not use, and says what it takes', async () => {
    const { run } = noteActions();
    await expect(run({ action: 'list', id: 'n1' }, ctx)).rejects.toThrow(new ToolError('notes: list does not use id (it takes nothing else)'));
    await expect(run({ action: 'drop', id: 'n1', text: 'x', tags: [] }, ctx)).rejects.toThrow(
      new ToolError('notes: drop does not use text, tags (it takes id)'),
    );
  });

  it('names every problem of a call at once', async () => {
    const { run } = noteActions();
    await expect(run({ action: 'add', id: 'n1' }, ctx)).rejects.toThrow(new ToolError('notes: add needs text; add does not use id (it takes text, tags)'));
  });

  it('asks for approval only for an action that previews, and only when the call fits it', async () => {
    const preview = vi.fn(async () => ({ kind: 'info' as const, title: 'drop it', details: '' }));
    const actions = noteActions(preview);
    expect(await actions.preview?.({ action: 'add', text: 'x' }, ctx)).toBeUndefined();
    expect(await actions.preview?.({ action: 'drop', id: 'n1', text: 'x' }, ctx)).toBeUndefined();
    expect(preview).not.toHaveBeenCalled();
    expect(await actions.preview?.({ action: 'drop', id: 'n1' }, ctx)).toEqual({ kind: 'info', title: 'drop it', details: '' });
    expect(preview).toHaveBeenCalledWith({ action: 'drop', id: 'n1' }, ctx);
  });

  it('has no preview when no action asks, so the tool reference does not say the user approves', () => {
    const actions = defineActions('ping', {}, (action) => ({ ping: action({ run: async () => 'pong' }) }));
    expect(actions.preview).toBeUndefined();
    expect(describeTool(defineTool({ name: 'ping', description: 'Ping.', kind: 'read', ...actions }))).toBe(
      'ping — Ping.\n  - action ("ping", required): ping()',
    );
  });
});
