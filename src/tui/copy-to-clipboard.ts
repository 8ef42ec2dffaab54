/** Copies through the terminal (OSC 52), which also works over SSH and inside tmux with set-clipboard on. */
export function copyToClipboard(text: string, stream: NodeJS.WriteStream = process.stdout): void {
  stream.write(`\x1b]52;c;${Buffer.from(text, 'utf8').toString('base64')}\x07`);
}
