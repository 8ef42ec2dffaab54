import type { CaseResult, RecordedRequest } from '../test-run.js';
import { curlCommandParts, setFirstNote } from './curl-command.js';

/** Between two requests' output: a body seldom ends its line. */
export const NEXT_LINE = 'echo';

/**
 * The shell lines of a case outside a chain that sent requests after its own (a walk's later
 * pages): each request's curl line under a comment naming it, in the order sent, an `echo`
 * between two so that each answer starts on a line of its own, and above them the masked values
 * to set first.
 */
export function followUpLines(result: CaseResult): string[] {
  const requests: Array<{ label: string; request: RecordedRequest }> = [
    { label: result.case.walk ? 'page 1' : 'the request', request: result.request! },
    ...(result.followUps ?? []).map(({ label, request }) => ({ label, request })),
  ];
  const variables = new Set<string>();
  const lines = requests.flatMap(({ label, request }, index) => {
    const curl = curlCommandParts(request);
    for (const variable of curl.variables) variables.add(variable);
    return [...(index > 0 ? [NEXT_LINE] : []), `# ${label}`, curl.command];
  });
  return variables.size > 0 ? [setFirstNote([...variables]), ...lines] : lines;
}
