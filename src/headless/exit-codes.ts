import type { RunEndReason } from '../agent/events.js';

export const ExitCode = {
  answered: 0,
  error: 1,
  usage: 2,
  limit: 3,
  interrupted: 130,
} as const;

export function exitCodeFor(reason: RunEndReason): number {
  switch (reason) {
    case 'answer':
      return ExitCode.answered;
    case 'limit':
      return ExitCode.limit;
    case 'cancelled':
      return ExitCode.interrupted;
    case 'error':
      return ExitCode.error;
  }
}
