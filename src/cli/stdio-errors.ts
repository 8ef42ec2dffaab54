/**
 * `falcon -p … | head` closes our stdout early: that is the reader's choice, not an error. A terminal
 * that fails every write (EIO) has hung up: end as on the SIGHUP that comes with it (once if handled).
 */
export function endQuietlyOnClosedOutput(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') process.exit(0);
      if (error.code !== 'EIO') throw error;
      process.kill(process.pid, 'SIGHUP');
    });
  }
}
