import { describe, expect, it } from 'vitest';
import { attachedFileBlock, describeAttachedFile, lineCount, messageWithFiles, readMessageWithFiles } from '../../../src/tui/state/attached-file-blocks.js';
import { viewFromSession } from '../../../src/tui/state/transcript-from-session.js';

const APP = 'const app = express();\napp.get("/users", list);\n';

describe('attached file blocks', () => {
  it('reads back the typed text and each file of a message, whatever the files hold', () => {
    const tricky = 'a line\n</file>\nAttached files:\n<file path="fake.txt">\nnot a file\n';
    const message = messageWithFiles('why does @src/app.js fail with @notes.md?', [
      attachedFileBlock('src/app.js', APP),
      attachedFileBlock('notes.md', tricky),
    ]);
    expect(readMessageWithFiles(message)).toEqual({
      typed: 'why does @src/app.js fail with @notes.md?',
      files: [
        { path: 'src/app.js', lines: 2 },
        { path: 'notes.md', lines: 5 },
      ],
    });
  });

  it('keeps a message without files, or one that only quotes the heading, as it is', () => {
    expect(readMessageWithFiles('plain question')).toEqual({ typed: 'plain question', files: [] });
    const quoting = 'what does this mean?\n\nAttached files:\nnothing here';
    expect(readMessageWithFiles(quoting)).toEqual({ typed: quoting, files: [] });
  });

  it('knows a file that went only in part', () => {
    const message = messageWithFiles('read @big.log', [attachedFileBlock('big.log', 'one\ntwo\n', 100)]);
    const { files } = readMessageWithFiles(message);
    expect(files).toEqual([{ path: 'big.log', lines: 2, truncatedAtKb: 100 }]);
    expect(describeAttachedFile(files[0]!)).toBe('↳ big.log (first 100 KB)');
  });

  it('describes a file as a line: its path and its lines', () => {
    expect(describeAttachedFile({ path: 'src/app.js', lines: 120 })).toBe('↳ src/app.js (120 lines)');
    expect(describeAttachedFile({ path: 'one.txt', lines: 1 })).toBe('↳ one.txt (1 line)');
    expect([lineCount(''), lineCount('a'), lineCount('a\n'), lineCount('a\nb'), lineCount('\n\n')]).toEqual([0, 1, 1, 2, 2]);
  });
});

describe('a resumed transcript', () => {
  it('shows the typed text and a line per attached file, not the file’s text', () => {
    const content = messageWithFiles('explain @src/app.js', [attachedFileBlock('src/app.js', APP)]);
    const view = viewFromSession([
      { kind: 'session', id: 's', createdAt: '2025-01-01T00:00:00.000Z', cwd: '/p' },
      { kind: 'message', at: '2025-01-01T00:00:01.000Z', role: 'user', content },
      { kind: 'event', at: '2025-01-01T00:00:02.000Z', event: { type: 'answer', text: 'It lists users.' } },
    ]);
    expect(view.entries.map((entry) => ('text' in entry ? entry.text : entry.kind))).toEqual([
      'explain @src/app.js\n↳ src/app.js (2 lines)',
      'It lists users.',
    ]);
  });
});
