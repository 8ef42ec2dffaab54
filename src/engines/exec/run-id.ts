import { randomBytes } from 'node:crypto';

/**
 * Set in the environment of every command Falcon runs. Each process the command starts inherits
 * it — through `setsid`, `nohup`, double forks and `disown` alike — so its processes can be found
 * in /proc after they have left its process group and been re-parented to init.
 */
export const RUN_ID_VARIABLE = 'FALCON_RUN_ID';

/** This Falcon process: the part of every run id it hands out that tells its commands from another Falcon's. */
export const INSTANCE_ID = randomBytes(6).toString('hex');

let runs = 0;

/** A new id for one command: `<instance>-<n>`. */
export function newRunId(): string {
  runs += 1;
  return `${INSTANCE_ID}-${runs}`;
}
