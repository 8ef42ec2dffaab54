// Text a server sent, quoted inside Falcon's own messages. It is untrusted: control characters could
// move the cursor or recolour the terminal, and a page of it would bury the message.

/** C0 and C1 controls and DEL, but for tabs and line breaks, which become spaces with other whitespace. */
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000e-\u001f\u007f-\u009f]/g;
const TITLE = /<title[^>]*>([^<]*)</i;
const HTML_TAG = /<(!doctype html|html|head|title|body)\b/i;

/** The text on one line, without control characters, at most `maxChars` long. */
export function quoteServerText(text: string, maxChars: number): string {
  const line = text.replace(CONTROL_CHARACTERS, '').replace(/\s+/g, ' ').trim();
  return line.length > maxChars ? `${line.slice(0, maxChars - 1)}…` : line;
}

/** Whether a body (its start will do) is an HTML page rather than the JSON or stream an API sends. */
export function looksLikeHtml(text: string): boolean {
  return /^\s*</.test(text.replace(/^\uFEFF/, '')) && HTML_TAG.test(text);
}

/** The page's `<title>`, quoted, when it has one. */
export function htmlTitle(html: string): string | undefined {
  const title = TITLE.exec(html)?.[1];
  return title ? quoteServerText(title, 60) || undefined : undefined;
}
