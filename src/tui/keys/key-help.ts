import { KEY_TABLE, KEY_TABLE_TITLES } from './key-table.js';

const KEY_COLUMN = 22;

/** Every row of the key table, by section, as /help shows them. */
export function keyHelpLines(): string[] {
  const sections = Object.keys(KEY_TABLE) as Array<keyof typeof KEY_TABLE>;
  return sections.flatMap((section, index) => [
    ...(index > 0 ? [''] : []),
    `Keys: ${KEY_TABLE_TITLES[section].toLowerCase()}`,
    ...KEY_TABLE[section].map((row) => `  ${row.keys.padEnd(KEY_COLUMN)} ${row.does}`),
  ]);
}
