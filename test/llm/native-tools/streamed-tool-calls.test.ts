import { describe, expect, it } from 'vitest';
import { StreamedToolCalls } from '../../../src/llm/native-tools/openai-wire.js';

describe('StreamedToolCalls', () => {
  it('assembles interleaved calls by index, in index order', () => {
    const calls = new StreamedToolCalls();
    calls.add({ index: 1, id: 'b', function: { name: 'read_file', arguments: '' } });
    calls.add({ index: 0, id: 'a', function: { name: 'glob', arguments: '{"pat' } });
    calls.add({ index: 1, function: { arguments: '{"path":"x"}' } });
    calls.add({ index: 0, function: { arguments: 'tern":"*"}' } });
    expect(calls.done()).toEqual([
      { id: 'a', name: 'glob', arguments: '{"pattern":"*"}' },
      { id: 'b', name: 'read_file', arguments: '{"path":"x"}' },
    ]);
  });

  it('tells calls apart by id from servers that number none, and makes up ids for calls without one', () => {
    const calls = new StreamedToolCalls();
    calls.add({ id: 'first', function: { name: 'glob', arguments: { pattern: '*' } } });
    calls.add({ id: 'second', function: { name: 'read_file', arguments: '{"path":' } });
    calls.add({ function: { arguments: '"x"}' } });
    calls.add({ index: 2, function: { name: 'list_files' } });
    expect(calls.done()).toEqual([
      { id: 'first', name: 'glob', arguments: '{"pattern":"*"}' },
      { id: 'second', name: 'read_file', arguments: '{"path":"x"}' },
      { id: 'call_2', name: 'list_files', arguments: '' },
    ]);
  });

  it('leaves out what names no tool and ignores what is not a call', () => {
    const calls = new StreamedToolCalls();
    expect(calls.add('garbage')).toBe(false);
    calls.add({ index: 0, function: { arguments: '{}' } });
    expect(calls.done()).toEqual([]);
  });
});
