// The reasoning blocks of a whole reply, set apart from its visible text.
import { LONE_CLOSERS, OPENERS, findToken } from './reasoning-tags.js';
import { createThinkingStream } from './thinking-stream.js';

export interface ThinkingSplit {
  /** The text of every reasoning block, trimmed and joined with blank lines; absent when there was none. */
  thinking?: string;
  /** The reply without its reasoning and without the tags. */
  text: string;
  /** The reply ended inside an open block: everything after the opener was thinking. */
  unclosed: boolean;
}

// gpt-oss served without its special tokens: "analysis<reasoning>assistantfinal<answer>".
const BARE_HARMONY_START = /^\s*analysis(?=\S)/;
const BARE_HARMONY_SWITCH = /assistant(final|commentary)/;

export function splitThinking(text: string): ThinkingSplit {
  const harmony = splitBareHarmony(text);
  if (harmony) return harmony;

  const blocks: string[] = [];
  let rest = text;
  const lone = findToken(text, LONE_CLOSERS);
  const opener = findToken(text, OPENERS);
  if (lone && (!opener || lone.index < opener.index)) {
    blocks.push(text.slice(0, lone.index));
    rest = text.slice(lone.index + lone.token.length);
  }

  let visible = '';
  let block = '';
  const stream = createThinkingStream({
    onText: (piece) => (visible += piece),
    onThinking: (piece) => (block += piece),
    onThinkingEnd: () => {
      blocks.push(block);
      block = '';
    },
  });
  stream.push(rest);
  stream.end();
  if (stream.inThinking) blocks.push(block);

  const thinking = blocks
    .map((piece) => piece.trim())
    .filter((piece) => piece !== '')
    .join('\n\n');
  return { ...(thinking !== '' && { thinking }), text: visible, unclosed: stream.inThinking };
}

/** The reply as the user and the history see it: without reasoning blocks or their tags. */
export function stripThinking(text: string): string {
  return splitThinking(text).text.trim();
}

function splitBareHarmony(text: string): ThinkingSplit | undefined {
  const start = BARE_HARMONY_START.exec(text);
  if (!start) return undefined;
  const change = BARE_HARMONY_SWITCH.exec(text);
  if (!change) return undefined;
  const thinking = text.slice(start[0].length, change.index).trim();
  // A call keeps its "commentary to=functions.…" header for the call reader.
  const visible = change[1] === 'final' ? text.slice(change.index + change[0].length) : text.slice(change.index + 'assistant'.length);
  return { ...(thinking !== '' && { thinking }), text: visible, unclosed: false };
}
