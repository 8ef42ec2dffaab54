// The files a message attaches (`@path`), as the model reads them after the user's text, and read
// back from a session file so that a resumed transcript names them instead of showing their text.

const HEADING = '\n\nAttached files:\n';
const OPENING = '<file path="';
const CLOSING = '\n</file>';

/** A file as it went with a message. */
export interface AttachedFile {
  /** Project-relative. */
  path: string;
  lines: number;
  /** Only the first `limitKb` kilobytes went. */
  truncatedAtKb?: number;
}

/** What a message's text says once its attached files are taken out. */
export interface MessageWithFiles {
  typed: string;
  files: AttachedFile[];
}

/** The note after a file's content when only its head went with the message. */
function truncationNote(limitKb: number): string {
  return `\n… (truncated at ${limitKb} KB; use read_file for the rest)`;
}

/** One file's block; `content` is the part that goes, cut at `truncatedAtKb` when set. */
export function attachedFileBlock(path: string, content: string, truncatedAtKb?: number): string {
  const note = truncatedAtKb === undefined ? '' : truncationNote(truncatedAtKb);
  return `${OPENING}${path}">\n${content}${note}${CLOSING}`;
}

/** What the model receives: the user's text, then each attached file's block. */
export function messageWithFiles(text: string, blocks: readonly string[]): string {
  return blocks.length ? `${text}${HEADING}${blocks.join('\n')}` : text;
}

/** The user's text and the files of a message `messageWithFiles` made; a message without them is all text. */
export function readMessageWithFiles(message: string): MessageWithFiles {
  for (let at = message.indexOf(HEADING); at >= 0; at = message.indexOf(HEADING, at + 1)) {
    const files = readBlocks(message.slice(at + HEADING.length));
    if (files) return { typed: message.slice(0, at), files };
  }
  return { typed: message, files: [] };
}

/** `↳ src/app.js (120 lines)`: a line for an attached file, where its text would be. */
export function describeAttachedFile(file: AttachedFile): string {
  const size = file.truncatedAtKb === undefined ? countOf(file.lines, 'line') : `first ${file.truncatedAtKb} KB`;
  return `↳ ${file.path} (${size})`;
}

/** The number of lines `content` shows: a last line without a line break counts, an empty content is none. */
export function lineCount(content: string): number {
  if (content === '') return 0;
  return content.split('\n').length - (content.endsWith('\n') ? 1 : 0);
}

/** The files of the blocks `text` is made of, or undefined when it is not made only of blocks. */
function readBlocks(text: string): AttachedFile[] | undefined {
  const files: AttachedFile[] = [];
  let rest = text;
  while (rest.startsWith(OPENING)) {
    const pathEnd = rest.indexOf('">\n');
    if (pathEnd < 0) return undefined;
    const path = rest.slice(OPENING.length, pathEnd);
    const body = rest.slice(pathEnd + 3);
    const end = blockEnd(body);
    if (end === undefined) return undefined;
    files.push(fileOf(path, body.slice(0, end)));
    rest = body.slice(end + CLOSING.length).replace(/^\n/, '');
  }
  return rest === '' && files.length > 0 ? files : undefined;
}

/** Where a block's content ends: at a closing tag followed by the next block or by the end. */
function blockEnd(body: string): number | undefined {
  for (let at = body.indexOf(CLOSING); at >= 0; at = body.indexOf(CLOSING, at + 1)) {
    const after = body.slice(at + CLOSING.length);
    if (after === '' || after.startsWith(`\n${OPENING}`)) return at;
  }
  return undefined;
}

function fileOf(path: string, content: string): AttachedFile {
  const truncated = /\n… \(truncated at (\d+) KB; use read_file for the rest\)$/.exec(content);
  if (!truncated) return { path, lines: lineCount(content) };
  const head = content.slice(0, truncated.index);
  return { path, lines: lineCount(head), truncatedAtKb: Number(truncated[1]) };
}

function countOf(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
