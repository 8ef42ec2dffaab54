import zlib from 'node:zlib';

/** A decompressed body larger than this is not decoded: a small compressed body may expand without bound. */
export const MAX_DECODED_BYTES = 64 * 1024 * 1024;

export interface DecodedBody {
  text: string;
  /** Why the body is shown as received (or only partly decoded), when it is. */
  note?: string;
}

type Decoder = (bytes: Buffer) => Buffer;

/** Input cut short (a body over the kept size) is decoded as far as it goes. */
const PARTIAL = { finishFlush: zlib.constants.Z_SYNC_FLUSH, maxOutputLength: MAX_DECODED_BYTES };

// Node 20 has no zstd; Node 22.15 and later do.
const zstd = (zlib as { zstdDecompressSync?: (bytes: Buffer, options?: object) => Buffer }).zstdDecompressSync;

const DECODERS: Readonly<Record<string, Decoder | undefined>> = {
  gzip: (bytes) => zlib.gunzipSync(bytes, PARTIAL),
  'x-gzip': (bytes) => zlib.gunzipSync(bytes, PARTIAL),
  deflate: inflateEither,
  br: (bytes) => zlib.brotliDecompressSync(bytes, { finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH, maxOutputLength: MAX_DECODED_BYTES }),
  zstd: zstd && ((bytes) => zstd(bytes, { maxOutputLength: MAX_DECODED_BYTES })),
};

/**
 * The body as text: its content codings undone in the reverse of the order they were applied
 * (`Content-Encoding: gzip, br` is gzip, then brotli), then decoded by its byte-order mark, else the
 * charset of its content type, else as UTF-8. A coding that cannot be undone leaves the bytes as
 * they came, and says why.
 */
export function decodeBody(bytes: Buffer, contentEncoding: string | string[] | undefined, contentType: string): DecodedBody {
  const codings = ([] as string[])
    .concat(contentEncoding ?? [])
    .flatMap((header) => header.split(','))
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity');
  let decoded = bytes;
  for (const coding of [...codings].reverse()) {
    const decoder = DECODERS[coding];
    if (!decoder) {
      const why = coding === 'zstd' ? `zstd, which this Node (${process.version}) cannot decode` : `${coding}, which Falcon cannot decode`;
      return { text: bytesAsText(bytes, contentType), note: `the body is encoded with ${why}: shown as received` };
    }
    try {
      decoded = decoder(decoded);
    } catch (error) {
      const why =
        (error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE'
          ? `it expands past ${MAX_DECODED_BYTES / 1024 / 1024} MB`
          : `it is not valid ${coding}`;
      return { text: bytesAsText(bytes, contentType), note: `the body says it is ${codings.join(', ')}-encoded, but ${why}: shown as received` };
    }
  }
  const { text, note } = charsetText(decoded, contentType);
  return note === undefined ? { text } : { text, note };
}

/** `deflate` should be zlib-wrapped; some servers send raw deflate. */
function inflateEither(bytes: Buffer): Buffer {
  try {
    return zlib.inflateSync(bytes, PARTIAL);
  } catch {
    return zlib.inflateRawSync(bytes, PARTIAL);
  }
}

function bytesAsText(bytes: Buffer, contentType: string): string {
  return charsetText(bytes, contentType).text;
}

const BYTE_ORDER_MARKS: ReadonlyArray<[number[], string]> = [
  [[0xef, 0xbb, 0xbf], 'utf-8'],
  [[0xff, 0xfe], 'utf-16le'],
  [[0xfe, 0xff], 'utf-16be'],
];

/** The text of the bytes in the encoding their byte-order mark, else their content type's charset, names. */
function charsetText(bytes: Buffer, contentType: string): DecodedBody {
  const marked = BYTE_ORDER_MARKS.find(([mark]) => mark.every((byte, index) => bytes[index] === byte))?.[1];
  const declared = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType)?.[1];
  const label = marked ?? declared ?? 'utf-8';
  try {
    return { text: new TextDecoder(label).decode(bytes) };
  } catch {
    return {
      text: new TextDecoder('utf-8').decode(bytes),
      note: `the content type names the charset "${declared}", which Falcon does not know: read as UTF-8`,
    };
  }
}

const TEXT_TYPES = /^(text\/|application\/(.*\+)?(json|xml|javascript|x-www-form-urlencoded|yaml|graphql))/i;
const BINARY_TYPES = /^(image|audio|video|font)\/|octet-stream|pdf|zip/i;

/** Whether a body is not text worth showing: by its content-type, else by a NUL byte near its start. */
export function isBinaryBody(body: string, contentType: string): boolean {
  if (TEXT_TYPES.test(contentType)) return false;
  return body.slice(0, 8192).includes('\0') || BINARY_TYPES.test(contentType);
}
