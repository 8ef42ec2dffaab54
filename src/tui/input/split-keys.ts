const ESC = '\x1b';

/**
 * Typed input cut so that each control key stands alone. One terminal read can hold several keys
 * ("please write notes" and Enter, on a busy machine, over a slow link, from tmux send-keys or a
 * dictation tool), and Ink takes one read for one key, so the Enter would be typed as a newline.
 * Runs of text and escape sequences stay as they are (Ink splits those itself); a control character
 * right after ESC is an Alt chord (ESC CR is Alt+Enter); CR LF is one Enter.
 */
export function splitKeys(text: string): string[] {
  const keys: string[] = [];
  let start = 0;
  for (let index = 0; index < text.length; index++) {
    if (!isControlKey(text.charCodeAt(index)) || text[index - 1] === ESC) continue;
    if (index > start) keys.push(text.slice(start, index));
    keys.push(text[index] as string);
    if (text[index] === '\r' && text[index + 1] === '\n') index++;
    start = index + 1;
  }
  if (start < text.length) keys.push(text.slice(start));
  return keys;
}

/** C0 controls (Enter, Tab, Backspace, Ctrl-letters) and DEL; ESC starts a sequence instead. */
function isControlKey(code: number): boolean {
  return (code < 0x20 && code !== 0x1b) || code === 0x7f;
}
