import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { MultipartFields, MultipartValue } from '../../../engines/http/multipart-body.js';
import { resolveInsideProject } from '../../../safety/project-path.js';
import { type ToolContext, ToolError } from '../../../kit/tool/tool.js';

/** A file sent in a multipart body, as the model names it. */
export interface FileField {
  file: string;
  filename?: string;
  content_type?: string;
}

export type MultipartArgument = Record<string, string | number | boolean | FileField>;

/** Larger uploads are a load test's business, not one request's. */
export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;

const MEDIA_TYPES: Readonly<Record<string, string>> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.pdf': 'application/pdf',
  '.json': 'application/json',
  '.txt': 'text/plain',
  '.csv': 'text/csv',
  '.xml': 'application/xml',
  '.html': 'text/html',
  '.zip': 'application/zip',
  '.gz': 'application/gzip',
  '.mp3': 'audio/mpeg',
  '.mp4': 'video/mp4',
  '.wav': 'audio/wav',
};

/**
 * The fields of a multipart body: text as it is, each file read from the project (inside it, not one
 * a deny rule keeps from being read) and sent under its own name, its type by its extension unless given.
 */
export async function multipartFields(argument: MultipartArgument, ctx: ToolContext): Promise<MultipartFields> {
  const fields: MultipartFields = {};
  for (const [name, value] of Object.entries(argument)) fields[name] = typeof value === 'object' ? await fileField(value, ctx) : String(value);
  return fields;
}

async function fileField(field: FileField, ctx: ToolContext): Promise<MultipartValue> {
  const target = await resolveInsideProject(ctx.projectRoot, field.file).catch((error: Error) => {
    throw new ToolError(`cannot upload ${field.file}: ${error.message}`);
  });
  const rule = ctx.readDenied?.(target.relative);
  if (rule !== undefined) throw new ToolError(`cannot upload ${target.relative}: the deny rule ${rule} keeps it from being read`);
  const info = await stat(target.absolute);
  if (!info.isFile()) throw new ToolError(`cannot upload ${target.relative}: not a file`);
  if (info.size > MAX_UPLOAD_BYTES)
    throw new ToolError(`cannot upload ${target.relative}: ${info.size} bytes, more than the ${MAX_UPLOAD_BYTES / 1024 / 1024} MB a request sends`);
  const filename = field.filename ?? path.basename(field.file);
  return {
    filename,
    content: await readFile(target.absolute),
    contentType: field.content_type ?? MEDIA_TYPES[path.extname(filename).toLowerCase()] ?? 'application/octet-stream',
  };
}
