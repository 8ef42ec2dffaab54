import { createHash } from 'node:crypto';

/** How many documents are remembered: the few specs a session, or a test run, converts again and again. */
const REMEMBERED = 64;

/**
 * OpenAPI documents swagger-parser found valid against the OpenAPI schema, by location and content,
 * that refer to no file beside them: checked again, such a document gets the same answer, and the
 * check compiles the whole OpenAPI schema each time — most of what converting a small spec costs.
 * An invalid document is never remembered, so its errors are always swagger-parser's own.
 */
export class SchemaCheckedDocuments {
  private readonly valid = new Set<string>();

  /** What identifies the document: its location (relative servers resolve against it) and its content. */
  static keyOf(location: string, document: Record<string, unknown>): string {
    return createHash('sha256').update(location).update('\0').update(JSON.stringify(document)).digest('hex');
  }

  wasFoundValid(key: string): boolean {
    return this.valid.has(key);
  }

  foundValid(key: string): void {
    this.valid.delete(key);
    this.valid.add(key);
    if (this.valid.size > REMEMBERED) this.valid.delete(this.valid.values().next().value!);
  }
}
