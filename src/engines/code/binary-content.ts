import { open } from 'node:fs/promises';

/** How much of a file is inspected; git and ripgrep look at a similar prefix. */
export const BINARY_SNIFF_BYTES = 8192;

/** A NUL byte near the start marks a file as binary (the rule git and ripgrep use). */
export function looksBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, BINARY_SNIFF_BYTES).includes(0);
}

export async function isBinaryFile(absolutePath: string): Promise<boolean> {
  const handle = await open(absolutePath, 'r');
  try {
    const head = Buffer.alloc(BINARY_SNIFF_BYTES);
    const { bytesRead } = await handle.read(head, 0, BINARY_SNIFF_BYTES, 0);
    return looksBinary(head.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}
