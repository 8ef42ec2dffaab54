import chalk from 'chalk';
import { Marked, type MarkedExtension, type RendererObject, type Tokens } from 'marked';
import { markedTerminal } from 'marked-terminal';
import { terminalSafeStyled } from '../../safety/terminal-text.js';
import { type Palette, palette } from '../theme.js';
import { layoutTable, type TableStyle } from './markdown-table.js';

const renderers = new Map<string, Marked>();

/** The Markdown renderer for terminal text at `width` columns (at least 10), coloured or not. */
export function markdownRenderer(width: number, colour: boolean): Marked {
  const key = `${width}:${colour}`;
  let marked = renderers.get(key);
  if (!marked) {
    marked = createMarked(width, colour);
    renderers.set(key, marked);
  }
  return marked;
}

function createMarked(width: number, colour: boolean): Marked {
  // @types/marked-terminal describes the old renderer class; the function returns an extension.
  const terminal = markedTerminal(
    {
      width,
      reflowText: true,
      showSectionPrefix: false,
      // `:name:` would turn `12:30:45` or `a:b:c` paths into emoji.
      emoji: false,
      tab: 2,
      // marked-terminal's yellow, unless the theme is light.
      code: inPalette('jsonNumber'),
      codespan: inPalette('jsonNumber'),
    },
    codeHighlighting,
  ) as unknown as MarkedExtension & { renderer: RendererObject };
  const highlightCode = terminal.renderer.code!;
  // highlight.js reports a language it does not know (```mermaid, or ```jso while ```json streams
  // in) on console.error, which Ink prints into the transcript; marked-terminal then shows the
  // code uncoloured, which is all that is needed.
  terminal.renderer.code = function (token: Tokens.Code) {
    return withoutConsoleErrors(() => highlightCode.call(this, token));
  };
  const tableStyle: TableStyle = colour ? { border: chalk.gray, head: chalk.bold } : { border: plain, head: plain };
  return new Marked(terminal, {
    renderer: {
      // marked-terminal prints the inline tokens of tight list items raw (`**bold**`); render them.
      text(token: Tokens.Text | Tokens.Escape) {
        return 'tokens' in token && token.tokens ? this.parser.parseInline(token.tokens) : false;
      },
      // marked-terminal draws a table as wide as its cells, which a narrow terminal then breaks.
      table(token: Tokens.Table) {
        // Made terminal-safe before measuring: a control character shown as `^G` takes two columns.
        const cell = (tableCell: Tokens.TableCell) => terminalSafeStyled(this.parser.parseInline(tableCell.tokens)).replace(/\s+/g, ' ').trim();
        const cells = { header: token.header.map(cell), rows: token.rows.map((row) => row.map(cell)), align: token.align };
        return `${layoutTable(cells, width, tableStyle).join('\n')}\n\n`;
      },
    },
  });
}

const plain = (text: string) => text;

/* eslint-disable no-console -- silences console.error for a moment; writes nothing */
function withoutConsoleErrors<T>(run: () => T): T {
  const report = console.error;
  console.error = () => {};
  try {
    return run();
  } finally {
    console.error = report;
  }
}
/* eslint-enable no-console */

// marked-terminal highlights code with cli-highlight, whose default theme colours through its own
// copy of chalk (blind to NO_COLOR and to our level); a theme made of our chalk keeps one decision.
// The cast: @types/marked-terminal still describes the options of cardinal, its former highlighter.
// Cyan and yellow fade on a light background: those come from the palette the theme chose, read when
// the code is drawn (the theme is applied after this module loads).
const inPalette = (colour: keyof Palette) => (text: string) => chalk[palette[colour]](text);
const codeHighlighting = {
  theme: {
    keyword: chalk.blue,
    built_in: inPalette('accent'),
    type: inPalette('accent'),
    literal: chalk.magenta,
    number: inPalette('jsonNumber'),
    regexp: chalk.red,
    string: chalk.green,
    class: chalk.blue,
    function: inPalette('jsonNumber'),
    title: inPalette('jsonNumber'),
    comment: chalk.gray,
    doctag: chalk.gray,
    meta: chalk.gray,
    tag: chalk.gray,
    name: chalk.blue,
    attr: inPalette('accent'),
    attribute: inPalette('accent'),
    emphasis: chalk.italic,
    strong: chalk.bold,
    link: chalk.underline,
    addition: chalk.green,
    deletion: chalk.red,
  },
} as unknown as Parameters<typeof markedTerminal>[1];
