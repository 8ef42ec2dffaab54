import type { SecretRegistry } from './secret-registry.js';
import { maskSecretShapes } from './secret-shapes.js';

export interface MaskOptions {
  /** The session's registered values: masked first, in every form they may take. */
  secrets?: SecretRegistry;
  /**
   * Also mask what looks like a secret (`Bearer …`, `password=…`, provider key formats); default
   * true. Off for what the model reads and edits — tool output, source code — where shapes would
   * mangle `token = req.headers.authorization`; registered values are masked there all the same.
   */
  shapes?: boolean;
}

/** The one way to mask text: registered values (longest first, every encoding), then secret shapes. */
export function maskText(text: string, options: MaskOptions = {}): string {
  const byValue = options.secrets ? options.secrets.maskValues(text) : text;
  return options.shapes === false ? byValue : maskSecretShapes(byValue);
}
