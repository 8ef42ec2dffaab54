import { printableText } from './printable-text.js';

/** Text content of an XML or HTML element. */
export function escapeMarkupText(text: string): string {
  return printableText(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#13;');
}

/**
 * A double-quoted attribute value. Line breaks and tabs become references because a parser
 * would otherwise turn them into plain spaces.
 */
export function escapeMarkupAttribute(text: string): string {
  return escapeMarkupText(text).replace(/"/g, '&quot;').replace(/'/g, '&#39;').replace(/\n/g, '&#10;').replace(/\t/g, '&#9;');
}
