import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { MAX_DECODED_BYTES, decodeBody } from '../../../src/engines/http/decode-body.js';

const text = 'Grüße, 世界 — '.repeat(50);
const utf8 = Buffer.from(text);
const hasZstd = typeof (zlib as { zstdCompressSync?: unknown }).zstdCompressSync === 'function';

describe('decodeBody', () => {
  it('undoes stacked codings in reverse order of application', () => {
    const gzipThenBrotli = zlib.brotliCompressSync(zlib.gzipSync(utf8));
    expect(decodeBody(gzipThenBrotli, 'gzip, br', 'text/plain')).toEqual({ text });
    const deflateThenGzip = zlib.gzipSync(zlib.deflateSync(utf8));
    expect(decodeBody(deflateThenGzip, ['deflate', 'gzip'], 'text/plain')).toEqual({ text });
    expect(decodeBody(zlib.deflateRawSync(utf8), 'deflate', 'text/plain')).toEqual({ text });
    expect(decodeBody(utf8, 'identity', 'text/plain')).toEqual({ text });
  });

  it('decodes what arrived of a body cut short', () => {
    const whole = zlib.gzipSync(Buffer.from(Array.from({ length: 5000 }, (_, i) => `line ${i}\n`).join('')));
    const decoded = decodeBody(whole.subarray(0, Math.floor(whole.length / 2)), 'gzip', 'text/plain');
    expect(decoded.note).toBeUndefined();
    expect(decoded.text.startsWith('line 0\nline 1\n')).toBe(true);
  });

  it.runIf(hasZstd)('decodes zstd where this Node can', () => {
    const compress = (zlib as unknown as { zstdCompressSync(bytes: Buffer): Buffer }).zstdCompressSync;
    expect(decodeBody(compress(utf8), 'zstd', 'text/plain')).toEqual({ text });
  });

  it.runIf(!hasZstd)('says so where this Node cannot decode zstd, and shows the body as received', () => {
    const decoded = decodeBody(Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0x00]), 'zstd', 'application/json');
    expect(decoded.note).toBe(`the body is encoded with zstd, which this Node (${process.version}) cannot decode: shown as received`);
  });

  it('shows a body whose coding is unknown or broken as received, saying why', () => {
    expect(decodeBody(utf8, 'compress', 'text/plain')).toEqual({
      text,
      note: 'the body is encoded with compress, which Falcon cannot decode: shown as received',
    });
    expect(decodeBody(utf8, 'gzip', 'text/plain')).toEqual({ text, note: 'the body says it is gzip-encoded, but it is not valid gzip: shown as received' });
  });

  it('does not expand a small body without bound', () => {
    const bomb = zlib.gzipSync(Buffer.alloc(MAX_DECODED_BYTES + 1));
    const decoded = decodeBody(bomb, 'gzip', 'text/plain');
    expect(decoded.note).toBe('the body says it is gzip-encoded, but it expands past 64 MB: shown as received');
  });

  it('reads the charset of the content type, a byte-order mark first, UTF-8 by default', () => {
    expect(decodeBody(Buffer.from([0x63, 0x61, 0x66, 0xe9]), undefined, 'text/plain; charset=ISO-8859-1')).toEqual({ text: 'café' });
    expect(decodeBody(Buffer.from([0x82, 0xa0]), undefined, 'text/plain; charset="shift_jis"')).toEqual({ text: 'あ' });
    expect(decodeBody(Buffer.from('\ufeff{"a":1}', 'utf16le'), undefined, 'application/json')).toEqual({ text: '{"a":1}' });
    expect(decodeBody(Buffer.from('\ufeff{"a":1}'), undefined, 'application/json; charset=iso-8859-1')).toEqual({ text: '{"a":1}' });
    expect(decodeBody(utf8, undefined, 'application/json')).toEqual({ text });
    expect(decodeBody(utf8, undefined, 'text/plain; charset=klingon')).toEqual({
      text,
      note: 'the content type names the charset "klingon", which Falcon does not know: read as UTF-8',
    });
  });
});
