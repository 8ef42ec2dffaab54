/** A file part of a multipart body: its bytes, and the name and type the server is told. */
export interface MultipartFile {
  filename: string;
  content: Buffer | string;
  /** Default application/octet-stream. */
  contentType?: string;
}

export type MultipartValue = string | MultipartFile;
/** Fields of a multipart/form-data body, in order; an array repeats the field. */
export type MultipartFields = Record<string, MultipartValue | readonly MultipartValue[]>;

export interface EncodedBody {
  bytes: Buffer;
  /** `multipart/form-data; boundary=…`, the boundary random. */
  contentType: string;
}

/**
 * The body as the platform's FormData encodes it (the HTML standard's multipart/form-data): a random
 * boundary, field and file names escaped (`"` and line breaks), each file with its name and type.
 */
export async function encodeMultipart(fields: MultipartFields): Promise<EncodedBody> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? (value as readonly MultipartValue[]) : [value as MultipartValue]) {
      if (typeof item === 'string') form.append(name, item);
      else
        form.append(
          name,
          new Blob([typeof item.content === 'string' ? item.content : new Uint8Array(item.content)], { type: item.contentType ?? 'application/octet-stream' }),
          item.filename,
        );
    }
  }
  const encoded = new Response(form);
  return { bytes: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type')! };
}
