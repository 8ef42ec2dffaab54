import { stat } from 'node:fs/promises';
import path from 'node:path';
import which from 'which';
import type { ServerSettings } from '../../config/types.js';
import { type DoctorCheck, fail, ok, warn } from './doctor-check.js';

/** `server:` of the project's config: its folder there, its program found, a way to tell it is ready. */
export async function checkServer(projectRoot: string, server: ServerSettings): Promise<DoctorCheck> {
  const name = 'server';
  const cwd = path.resolve(projectRoot, server.cwd);
  const isFolder = await stat(cwd).then(
    (info) => info.isDirectory(),
    () => false,
  );
  if (!isFolder) return fail(name, `server.cwd ${server.cwd} is no folder of the project`, 'correct server.cwd in .falcon/config.yaml');
  const program = programOf(server.command);
  if (program && !(await findProgram(program, cwd))) {
    return fail(
      name,
      `${program} (of server.command "${server.command}") is not installed or not on PATH`,
      `install ${program}, or correct server.command in .falcon/config.yaml`,
    );
  }
  const ready = server.ready.url
    ? `ready when ${server.ready.url} answers`
    : server.ready.log
      ? `ready when it prints "${server.ready.log}"`
      : 'ready when BASE_URL answers';
  const summary = `${server.command} (reload: ${server.reload}; ${ready})`;
  if (server.reloadGuessed && server.reload === 'restart' && /^(npm|pnpm|yarn|bun)\s+(run\s+)?\S+/.test(server.command)) {
    return warn(
      name,
      summary,
      'if the script reloads by itself (node --watch, nodemon, tsx watch), set server.reload: watch; Falcon restarts it after each change until then',
    );
  }
  return ok(name, summary);
}

/** The program a command runs, past `VAR=value` assignments; undefined for what the shell must read (a subshell, …). */
function programOf(command: string): string | undefined {
  const words = command.trim().split(/\s+/);
  const first = words.find((word) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(word));
  return first && /^[\w./@+-]+$/.test(first) ? first : undefined;
}

async function findProgram(program: string, cwd: string): Promise<boolean> {
  if (program.includes('/'))
    return stat(path.resolve(cwd, program)).then(
      (info) => info.isFile(),
      () => false,
    );
  return (await which(program, { nothrow: true })) !== null;
}
