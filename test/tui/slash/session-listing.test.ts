import { describe, expect, it } from 'vitest';
import { describeSessionTime, sessionFacts, sessionHeadline, sessionPickerItems } from '../../../src/tui/slash/session-listing.js';
import { attachedFileBlock, messageWithFiles } from '../../../src/tui/state/attached-file-blocks.js';

const NOW = new Date(2025, 2, 14, 16, 30);

describe('a session in a list', () => {
  it('says when, in local time: today, yesterday, a date this year, a date of another year', () => {
    expect(describeSessionTime(new Date(2025, 2, 14, 9, 5), NOW)).toBe('today 09:05');
    expect(describeSessionTime(new Date(2025, 2, 13, 23, 59), NOW)).toBe('yesterday 23:59');
    expect(describeSessionTime(new Date(2025, 0, 3, 8, 0), NOW)).toBe('3 Jan 08:00');
    expect(describeSessionTime(new Date(2024, 11, 31, 8, 0), NOW)).toBe('31 Dec 2024');
    expect(describeSessionTime(new Date(2025, 2, 1, 12, 0), new Date(2025, 2, 2, 0, 1))).toBe('yesterday 12:00');
  });

  it('heads it with what the user typed first, on one line, without the files it attached', () => {
    const first = messageWithFiles('why does\n@src/app.js fail?', [attachedFileBlock('src/app.js', 'code\n')]);
    const session = { id: 's1', modifiedAt: new Date(2025, 2, 14, 9, 5), firstMessage: first, turns: 3 };
    expect(sessionHeadline(session)).toBe('why does @src/app.js fail?');
    expect(sessionFacts(session, NOW)).toBe('today 09:05 · 3 turns');
    expect(sessionFacts({ ...session, turns: 1 }, NOW)).toBe('today 09:05 · 1 turn');
    expect(sessionHeadline({ ...session, firstMessage: undefined })).toBe('(no message)');
    expect(sessionHeadline({ ...session, firstMessage: 'x'.repeat(500) })).toHaveLength(120);
  });

  it('offers it in a picker by its first message, with when and how long as the hint', () => {
    const items = sessionPickerItems([{ id: 's1', modifiedAt: new Date(2025, 2, 13, 9, 5), firstMessage: 'list users', turns: 2 }], NOW);
    expect(items).toEqual([{ label: 'list users', hint: 'yesterday 09:05 · 2 turns', value: 's1' }]);
  });
});
