import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

/** The body as UTF-8 text, after gzip/deflate/br decompression (kept as received when that fails). */
export function decodeBody(bytes: Buffer, encoding: string | string[] | undefined, truncated: boolean): string {
  const decompress = { gzip: gunzipSync, 'x-gzip': gunzipSync, deflate: inflateSync, br: brotliDecompressSync }[
    String(encoding ?? '').trim().toLowerCase()
  ];
  if (!decompress || truncated) return bytes.toString('utf8');
  try {
    return decompress(bytes).toString('utf8');
  } catch {
    return bytes.toString('utf8');
  }
}

const TEXT_TYPES = /^(text\/|application\/(.*\+)?(json|xml|javascript|x-www-form-urlencoded|yaml|graphql))/i;
const BINARY_TYPES = /^(image|audio|video|font)\/|octet-stream|pdf|zip/i;

/** Whether a body is not text worth showing: by its content-type, else by a NUL byte near its start. */
export function isBinaryBody(body: string, contentType: string): boolean {
  if (TEXT_TYPES.test(contentType)) return false;
  return body.slice(0, 8192).includes('\0') || BINARY_TYPES.test(contentType);
}
