import type { ScanContext } from '../scan-context.js';
import type { SecurityCheck } from '../security-check.js';
import { type InjectionPoint, MAX_POINTS_PER_OPERATION, injectionPoints, pointLabel, withValue, normalAnswer } from './support/injection.js';
import { type ProbedOperation, probedOperations } from './support/operations.js';
import { sendProbe } from './support/probes.js';
import { eachAtOnce } from './support/each-at-once.js';

/** A field or parameter name that says it holds a file or a path: `file`, `fileName`, `template_path`, `docs`. */
const FILE_NAME = /(name|file|path|filename|doc|document|template|dir|directory|folder|page|include|attachment|download)s?$/i;
/** A value with an extension, `report.pdf`, that is not an email address or a URL. */
const FILE_VALUE = /^(?!.*(@|:\/\/)).*\.[a-z][a-z0-9]{0,4}$/i;
/**
 * In place of the value: enough ../ to reach the root from any folder; its URL-encoded form (a
 * second decoding on the server undoes it); ....// for a filter that strips ../ once; an absolute
 * path; and Windows' backslashes.
 */
const TRAVERSAL_PAYLOADS = [
  '../../../../../../../../etc/passwd',
  '..%2f..%2f..%2f..%2f..%2f..%2f..%2f..%2fetc%2fpasswd',
  '....//....//....//....//....//....//....//....//etc/passwd',
  '/etc/passwd',
  '..\\..\\..\\..\\..\\..\\..\\..\\windows\\win.ini',
];
/** What /etc/passwd and win.ini hold. */
const SYSTEM_FILE = /root:[^:\n]*:0:0:|\[fonts\]|; for 16-bit app support/i;

/** Path traversal: a ../ payload in a file or path value brings back a system file the valid request does not (high). */
export const pathTraversalCheck: SecurityCheck = {
  title: 'Path traversal',
  owasp: 'API8:2023',
  cwe: 'CWE-22',
  proof: 'a ../ sequence in a file or path parameter returns the contents of a file outside the folder (/etc/passwd, win.ini)',
  remediation: 'Resolve paths against the allowed folder and refuse any that leave it; prefer ids over file names.',
  runOrder: 140,
  async run(ctx) {
    await eachAtOnce(ctx, probedOperations(ctx), async (target, ctx) => {
      const points = injectionPoints(target.operation, target.request).filter(holdsFileName).slice(0, MAX_POINTS_PER_OPERATION);
      const normal = points.length > 0 ? await normalAnswer(ctx, target, 1) : undefined;
      if (normal && !SYSTEM_FILE.test(normal.exchanges[0]!.response.body)) await reportTraversal(ctx, target, points);
    });
  },
};

/** Reports the first point where a payload brings back a system file. */
async function reportTraversal(ctx: ScanContext, target: ProbedOperation, points: readonly InjectionPoint[]): Promise<void> {
  for (const point of points) {
    for (const payload of TRAVERSAL_PAYLOADS) {
      const exchange = await sendProbe(ctx, withValue(target.request, point, payload), target.identity);
      if (!exchange || !SYSTEM_FILE.test(exchange.response.body)) continue;
      ctx.report({
        severity: 'high',
        operation: target.operation,
        title: `The ${pointLabel(point)} reads files outside its folder: "${payload}" brought back ${payload.includes('win.ini') ? 'win.ini' : '/etc/passwd'}`,
        exchange,
      });
      return;
    }
  }
}

function holdsFileName(point: InjectionPoint): boolean {
  return FILE_NAME.test(point.keys[point.keys.length - 1]!) || FILE_VALUE.test(point.value);
}
