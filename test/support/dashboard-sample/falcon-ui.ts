import type { ChildProcess } from 'node:child_process';
import { type FalconResult, startFalcon } from '../falcon-binary.js';

/** `falcon ui` running, with the address it printed. */
export interface FalconUi {
  child: ChildProcess;
  /** The whole line's address: `http://127.0.0.1:PORT/?token=…`. */
  url: string;
  /** `http://127.0.0.1:PORT` */
  origin: string;
  port: number;
  token: string;
  stdout(): string;
  stderr(): string;
  /** Ctrl-C, and what it printed and how it ended. */
  stop(): Promise<FalconResult>;
}

export const DASHBOARD_LINE = /^Falcon dashboard: (http:\/\/127\.0\.0\.1:(\d+)\/\?token=([\w-]+))$/m;

/** Starts the built binary's `falcon ui` and resolves once it has printed its address. */
export async function startFalconUi(args: string[], options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs?: number }): Promise<FalconUi> {
  const { child, result } = startFalcon(['ui', ...args], options);
  child.stdin!.end();
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: string) => (stdout += chunk));
  child.stderr!.on('data', (chunk: string) => (stderr += chunk));
  const match = await new Promise<RegExpExecArray>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`falcon ui printed no address in time:\n${stdout}`)), options.timeoutMs ?? 15_000);
    const look = () => {
      const found = DASHBOARD_LINE.exec(stdout);
      if (!found) return;
      clearTimeout(timer);
      child.stdout!.off('data', look);
      resolve(found);
    };
    child.stdout!.on('data', look);
    void result.then((ended) => reject(new Error(`falcon ui ended (${ended.code}) before printing its address:\n${ended.stdout}${ended.stderr}`)));
  });
  const [, url, port, token] = match;
  return {
    child,
    url: url!,
    origin: `http://127.0.0.1:${port}`,
    port: Number(port),
    token: token!,
    stdout: () => stdout,
    stderr: () => stderr,
    stop: () => {
      child.kill('SIGINT');
      return result;
    },
  };
}
