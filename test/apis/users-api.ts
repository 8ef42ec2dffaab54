import { spawn } from 'node:child_process';
import { cp } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/** A small Node project (test/apis/users-api/): routes.js has a broken GET /users/:id and a POST /users behind a token. */
export const USERS_API_FIXTURE = fileURLToPath(new URL('./users-api/', import.meta.url));
/** The token POST /users wants as `Authorization: Bearer …`. */
export const USERS_API_TOKEN = 'users-api-test-token';

export interface UsersApi {
  url: string;
  stop(): Promise<void>;
}

/** Copies the fixture into `project` and runs it there: it reads routes.js on every request, so edits show at once. */
export async function startUsersApi(project: string): Promise<UsersApi> {
  await cp(USERS_API_FIXTURE, project, { recursive: true });
  const child = spawn(process.execPath, ['server.js'], {
    cwd: project,
    env: { PATH: process.env.PATH, PORT: '0', API_TOKEN: USERS_API_TOKEN },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the users API exited with ${code}`)));
    child.stdout!.setEncoding('utf8').once('data', (line: string) => resolve(/listening on (\d+)/.exec(line)?.[1] ?? ''));
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.kill();
      await exited;
    },
  };
}
