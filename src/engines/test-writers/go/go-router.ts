import path from 'node:path';
import { findExistingTest } from '../existing-test.js';
import { findInSource } from '../find-in-source.js';
import { TestPlanError } from '../test-plan.js';

/** Where a Go test builds the router, and how it sends it a request. */
export interface GoRouter {
  /** Folder of the package the test belongs to. */
  folder: string;
  packageName: string;
  /** A call that builds the router, e.g. `setupRouter()`. */
  constructor: string;
  /** Fiber apps answer `app.Test(req)`; the others are http.Handlers. */
  fiber: boolean;
  basedOn?: string;
  notes: string[];
}

const ROUTER_FUNCTION =
  /^func\s+(\w+)\(\s*\)\s+(\*gin\.Engine|\*echo\.Echo|\*chi\.Mux|chi\.Router|http\.Handler|\*http\.ServeMux|\*fiber\.App|\*mux\.Router)\s*\{/m;
const NO_ARGUMENT_CALL = /^[\w.]+\(\s*\)$/;

/** From an existing handler test when it builds the router with a plain call; else from a router-returning function. */
export async function findGoRouter(projectRoot: string): Promise<GoRouter> {
  const existing = await findExistingTest(projectRoot, ['*_test.go'], /httptest|\.Test\(/);
  if (existing) {
    const fiber = /(\w+)\.Test\(/.exec(existing.text);
    const variable = fiber?.[1] ?? /(\w+)\.ServeHTTP\(/.exec(existing.text)?.[1];
    const constructor = variable && new RegExp(`\\b${variable}\\s*:?=\\s*(.+?)\\s*$`, 'm').exec(existing.text)?.[1];
    if (constructor && NO_ARGUMENT_CALL.test(constructor)) {
      return {
        folder: path.posix.dirname(existing.path),
        packageName: packageOf(existing.text),
        constructor,
        fiber: Boolean(fiber),
        basedOn: existing.path,
        notes: [`the router is built as in ${existing.path}: ${constructor}`],
      };
    }
  }
  const found = await findInSource(projectRoot, '*.go', ROUTER_FUNCTION, /_test\.go$|(^|\/)vendor\//);
  if (!found) {
    throw new TestPlanError(
      'no function that builds the router without arguments (like `func setupRouter() *gin.Engine`) was found; move the route setup out of main() into one, then call create_test_file again',
    );
  }
  return {
    folder: path.posix.dirname(found.path),
    packageName: packageOf(found.text),
    constructor: `${found.match[1]}()`,
    fiber: found.match[2] === '*fiber.App',
    notes: [`the router comes from ${found.match[1]}() in ${found.path}`],
  };
}

function packageOf(text: string): string {
  return /^package\s+(\w+)/m.exec(text)?.[1] ?? 'main';
}
