import { writeSync } from 'node:fs';

const ON = '\x1b[?2004h';
const OFF = '\x1b[?2004l';

/**
 * Asks the terminal to mark pastes (ESC[200~ … ESC[201~) until the returned function is called. Left
 * on, the shell after Falcon would get the markers around every paste, so it is also turned off when
 * the process ends any other way: a crash, or `process.exit` after a second signal.
 */
export function startBracketedPaste(stdout: NodeJS.WriteStream & { fd: number }): () => void {
  stdout.write(ON);
  let on = true;
  const stop = () => {
    process.off('exit', stop);
    if (!on) return;
    on = false;
    try {
      writeSync(stdout.fd, OFF);
    } catch {
      // The terminal is gone (a hang-up): nothing is left to restore.
    }
  };
  process.on('exit', stop);
  return stop;
}
