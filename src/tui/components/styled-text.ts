// Measuring and wrapping text that carries Falcon's own styling (SGR colours and OSC 8 links) by the
// columns a terminal gives it: escape sequences take none, combining marks none, wide characters two.

/** SGR colours and OSC 8 links: the only sequences `terminalSafeStyled` lets through. */
const SEQUENCE = /\u001B\[[0-9;:]*m|\u001B\]8;[^\u0007\u001B]*;[^\u0007\u001B]*(?:\u0007|\u001B\\)/y;
// Combining marks (variation selectors among them) and the zero-width space, joiners and direction marks.
const ZERO_WIDTH = /^(?:\p{Mn}|\p{Me}|[\u200B-\u200F])$/u;
const WIDE =
  /^[\u1100-\u115F\u2E80-\u303E\u3041-\u33FF\u3400-\u4DBF\u4E00-\u9FFF\uA000-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6\u{1F000}-\u{1FAFF}\u{20000}-\u{3FFFD}]$/u;
const RESET = '\u001B[0m';
const LINK_END = '\u001B]8;;\u0007';

type Piece = { sequence: string } | { char: string; width: number };

/** The columns `text` takes on one row. */
export function visibleWidth(text: string): number {
  let width = 0;
  for (const piece of pieces(text)) if ('char' in piece) width += piece.width;
  return width;
}

/**
 * `text` (one line) in rows of at most `width` columns: broken at spaces, a word longer than a row
 * broken where the row ends. A style or link open at the end of a row is closed there and opened
 * again on the next, so what is drawn beside a row (a border, padding) is never styled by it.
 */
export function wrapStyled(text: string, width: number): string[] {
  const columns = Math.max(1, width);
  const rows: Piece[][] = [[]];
  let used = 0;
  for (const word of words(pieces(text))) {
    const wordWidth = word.reduce((sum, piece) => sum + ('char' in piece ? piece.width : 0), 0);
    const row = rows.at(-1)!;
    if (used > 0 && used + 1 + wordWidth <= columns) {
      row.push({ char: ' ', width: 1 }, ...word);
      used += 1 + wordWidth;
      continue;
    }
    if (used > 0) {
      rows.push([]);
      used = 0;
    }
    for (const piece of word) {
      const pieceWidth = 'char' in piece ? piece.width : 0;
      if (used > 0 && used + pieceWidth > columns) {
        rows.push([]);
        used = 0;
      }
      rows.at(-1)!.push(piece);
      used += pieceWidth;
    }
  }
  return carryStyles(rows);
}

/** `text` padded with spaces to `width` columns, placed as a table column aligns it. */
export function padStyled(text: string, width: number, align: 'left' | 'right' | 'center' | null = null): string {
  const room = Math.max(0, width - visibleWidth(text));
  if (align === 'right') return ' '.repeat(room) + text;
  if (align === 'center') return ' '.repeat(Math.floor(room / 2)) + text + ' '.repeat(Math.ceil(room / 2));
  return text + ' '.repeat(room);
}

function pieces(text: string): Piece[] {
  const result: Piece[] = [];
  let index = 0;
  while (index < text.length) {
    SEQUENCE.lastIndex = index;
    const sequence = SEQUENCE.exec(text);
    if (sequence) {
      result.push({ sequence: sequence[0] });
      index += sequence[0].length;
      continue;
    }
    const char = String.fromCodePoint(text.codePointAt(index)!);
    result.push({ char, width: charWidth(char) });
    index += char.length;
  }
  return result;
}

function charWidth(char: string): number {
  if (ZERO_WIDTH.test(char)) return 0;
  return WIDE.test(char) ? 2 : 1;
}

/** Runs of pieces between spaces; sequences stay with the word they touch. */
function words(all: Piece[]): Piece[][] {
  const result: Piece[][] = [[]];
  for (const piece of all) {
    if ('char' in piece && piece.char === ' ') result.push([]);
    else result.at(-1)!.push(piece);
  }
  return result;
}

function carryStyles(rows: Piece[][]): string[] {
  let styles: string[] = [];
  let link: string | undefined;
  return rows.map((row) => {
    let line = styles.join('') + (link ?? '');
    for (const piece of row) {
      if ('char' in piece) {
        line += piece.char;
        continue;
      }
      line += piece.sequence;
      if (piece.sequence.startsWith('\u001B]8;')) link = isLinkEnd(piece.sequence) ? undefined : piece.sequence;
      else if (piece.sequence === RESET || piece.sequence === '\u001B[m') styles = [];
      else styles = [...styles, piece.sequence];
    }
    return line + (link ? LINK_END : '') + (styles.length ? RESET : '');
  });
}

function isLinkEnd(sequence: string): boolean {
  return /^\u001B\]8;[^;]*;(?:\u0007|\u001B\\)$/.test(sequence);
}
