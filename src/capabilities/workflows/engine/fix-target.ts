import { isInFalconDir } from '../../../workspace/falcon-records.js';
import type { FailureAnalysis } from '../../../engines/failures/analyze-failure.js';
import type { FoundHandler } from '../../../engines/routes/find-handler.js';

/**
 * The file a fix goes in: where the error was raised in the project (the innermost project frame),
 * else the handler's file, else the file declaring its route. Never Falcon's own `.falcon/` files.
 */
export function fixTarget(analysis: FailureAnalysis, handler: FoundHandler | undefined): string | undefined {
  const candidates = [...analysis.projectFrames.map((frame) => frame.path), handler?.code?.file, handler?.route.file];
  return candidates.find((file): file is string => file !== undefined && !isInFalconDir(file));
}
