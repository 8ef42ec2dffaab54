import { spawn } from 'node:child_process';

/** The program that opens a URL in the user's browser on each system. */
function opener(url: string): { command: string; args: string[] } {
  if (process.platform === 'darwin') return { command: 'open', args: [url] };
  // `start` is a cmd built-in; its first quoted argument is a window title.
  if (process.platform === 'win32') return { command: 'cmd', args: ['/c', 'start', '""', url.replace(/&/g, '^&')] };
  return { command: 'xdg-open', args: [url] };
}

/**
 * Asks the system to open `url` in a browser and resolves once it is asked, or with why it could
 * not be (no opener installed, say): never fails, the URL is printed anyway.
 */
export function openInBrowser(url: string): Promise<string | undefined> {
  const { command, args } = opener(url);
  return new Promise((resolve) => {
    try {
      const child = spawn(command, args, { detached: true, stdio: 'ignore' });
      child.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ENOENT' ? `${command} is not installed` : error.message));
      child.once('spawn', () => {
        child.unref();
        resolve(undefined);
      });
    } catch (error) {
      resolve((error as Error).message);
    }
  });
}
