import type { Env } from '../../config/falcon-home.js';
import { type DoctorCheck, ok, warn } from './doctor-check.js';

/** What the interactive session will draw on: TERM, size and colours (NO_COLOR and FORCE_COLOR honoured). */
export function checkTerminal(env: Env, stdout: NodeJS.WriteStream = process.stdout): DoctorCheck {
  const term = env.TERM || '(unset)';
  if (!stdout.isTTY) return ok('terminal', `not a terminal (output redirected); TERM=${term}`);
  if (term === 'dumb' || term === '(unset)') {
    return warn(
      'terminal',
      `TERM=${term}: the interactive session needs a terminal that can move the cursor`,
      'run falcon in a full terminal, or a task with: falcon -p "<task>"',
    );
  }
  return ok('terminal', `TERM=${term}, ${stdout.columns}×${stdout.rows}, ${colours(env, stdout)}`);
}

function colours(env: Env, stdout: NodeJS.WriteStream): string {
  if (env.NO_COLOR) return 'no colours (NO_COLOR is set)';
  if (!stdout.hasColors()) return 'no colours';
  const depth = stdout.getColorDepth();
  return depth >= 24 ? 'true colour' : `${2 ** depth} colours`;
}
