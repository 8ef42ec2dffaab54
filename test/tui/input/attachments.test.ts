import { describe, expect, it } from 'vitest';
import { extractAttachments } from '../../../src/tui/input/attachments.js';

describe('extractAttachments', () => {
  it('returns the @paths of a message, without the @, in order and once each', () => {
    expect(extractAttachments('@src/app.ts fails, compare with @test/app.test.ts and @src/app.ts')).toEqual(['src/app.ts', 'test/app.test.ts']);
  });

  it('finds paths on any line', () => {
    expect(extractAttachments('look at\n@a.yaml\n\t@b/c.json')).toEqual(['a.yaml', 'b/c.json']);
  });

  it('ignores e-mail addresses and other @ inside a word', () => {
    expect(extractAttachments('mail a@b.com or user@example.org about x@y')).toEqual([]);
  });

  it('drops punctuation that ends the sentence, and accepts an opening bracket or quote before the @', () => {
    expect(extractAttachments('see @a.ts. Then (@b.ts), "@c.md"!')).toEqual(['a.ts', 'b.ts', 'c.md']);
  });

  it('ignores a lone @', () => {
    expect(extractAttachments('meet @ noon')).toEqual([]);
  });
});
