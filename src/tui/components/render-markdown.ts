import { stripVTControlCharacters } from 'node:util';
import chalk from 'chalk';
import type { Marked, Token, TokensList } from 'marked';
import { terminalSafeStyled } from '../../safety/terminal-text.js';
import { markdownRenderer } from './markdown-renderer.js';
import { RecentlyUsedCache } from './recently-used-cache.js';

/** Rendered blocks by width, colour level, link definitions and source. */
const renderedBlocks = new RecentlyUsedCache<string>(500);

/**
 * Markdown as terminal text at `width` columns: plain when colour is off, no trailing blank lines.
 * `text` comes terminal-safe; the renderer decodes a few entities and highlights code, so what it
 * writes keeps only its own colours and links.
 *
 * A streamed answer is rendered again on every frame as it grows, so each top-level block but the
 * last is rendered once and kept by its source: only the block still being written is laid out
 * again. The renderer renders blocks one by one, so the whole is the same either way.
 */
export function renderMarkdown(text: string, width: number): string {
  const columns = Math.max(10, width);
  const marked = markdownRenderer(columns, chalk.level > 0);
  const tokens = marked.lexer(text);
  const blocks = topLevelBlocks(tokens);
  const context = `${columns}:${chalk.level}:${linkDefinitions(tokens)}:`;
  const rendered = blocks.map((block, index) =>
    index === blocks.length - 1 ? renderBlock(marked, block) : renderedBlocks.get(context + sourceOf(block), () => renderBlock(marked, block)),
  );
  const lines = rendered.join('').split('\n');
  // Blank lines may still hold escape codes (a closing reset), so test them without.
  while (lines.length > 0 && stripVTControlCharacters(lines.at(-1) ?? '').trim() === '') lines.pop();
  return lines.join('\n');
}

function renderBlock(marked: Marked, block: Token[]): string {
  return terminalSafeStyled(marked.parser(block));
}

/**
 * The top-level tokens in the groups the parser renders apart: a block with the blank lines after
 * it; consecutive text tokens are rendered together, as one paragraph.
 */
function topLevelBlocks(tokens: Token[]): Token[][] {
  const blocks: Token[][] = [];
  let previous: Token | undefined;
  for (const token of tokens) {
    const joinsPrevious = token.type === 'space' || (token.type === 'text' && previous?.type === 'text');
    if (joinsPrevious && blocks.length > 0) blocks.at(-1)!.push(token);
    else blocks.push([token]);
    previous = token;
  }
  return blocks;
}

function sourceOf(block: Token[]): string {
  return block.map((token) => token.raw).join('');
}

/** Reference links are resolved when lexing, so the same source may render apart with other definitions. */
function linkDefinitions(tokens: TokensList): string {
  return Object.keys(tokens.links).length === 0 ? '' : JSON.stringify(tokens.links);
}
