/**
 * Lines written together once the current burst of work is done: one write for every request a
 * turn of the event loop answered, where a write per line would cost a mock under load a system
 * call each.
 */
export function batchedLines(stream: NodeJS.WritableStream): { write(line: string): void } {
  let pending: string[] = [];
  const flush = () => {
    stream.write(`${pending.join('\n')}\n`);
    pending = [];
  };
  return {
    write(line) {
      if (pending.length === 0) setImmediate(flush);
      pending.push(line);
    },
  };
}
