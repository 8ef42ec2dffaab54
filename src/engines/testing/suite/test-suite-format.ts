import type { TestCase } from '../test-case.js';

/**
 * `.falcon/tests/<name>.yaml`: a saved test suite — cases generated from the spec
 * (generate_functional_tests with `save`) or written by hand — that run_tests and test_suite run
 * again, against whichever base URL the run is given.
 *
 * ```yaml
 * format: falcon-tests/1            # required; a reader refuses other values (a later version bumps the number)
 * name: pets                        # informative: the file name is the suite's name
 * description: Functional tests of the pets endpoints   # optional
 * createdAt: 2025-01-31T10:00:00.000Z                   # ISO 8601; the file's modification time when absent
 * spec: specs/petstore.yaml         # optional: the spec the cases were generated from
 * cases:                            # at least one
 *   - id: createPet/negative/name-missing   # unique in the file; made from kind and name when absent
 *     name: POST /pets without "name"       # one line for reports; default: method and path
 *     kind: negative                        # smoke|happy|negative|boundary|stateful|data|custom; default custom
 *     operationId: createPet                # the spec operation, for the conformance checks
 *     tags: [pets]                          # default []
 *     request:
 *       method: POST                        # any case; stored upper case
 *       path: /pets/{petId}                 # relative to the base URL; {petId} from pathParams
 *       pathParams: {petId: 7}
 *       query: {limit: 10, tag: [a, b]}     # an array repeats the key
 *       headers: {Authorization: "Bearer {{TOKEN}}"}
 *       body: {name: Rex}                   # JSON, or the exact text for a non-JSON contentType
 *       contentType: application/json
 *       bodyIsText: true                    # body is the exact text though JSON: '{"age":+3}'
 *     mutation: removed required "name"     # negative and boundary cases: what was changed
 *     nearMiss: "email without TLD 'a@b'"   # a near miss: its kind and value, named when accepted
 *     expectRejection: true                 # a 2xx answer is a finding
 *     expectStatus: [400, 422]              # statuses that pass this case
 *     extract: {petId: $.id}                # for later steps of its chain, as {{petId}}
 *     chain: {id: pet-lifecycle, step: 0}   # same chain id: run in step order, sharing extracted values
 * ```
 *
 * - Each case is a TestCase (src/engines/testing/test-case.ts) with `id`, `name`, `kind` and `tags`
 *   optional when written by hand.
 * - Any request string may hold `{{VAR}}` placeholders: values extracted by earlier steps of the
 *   same chain first, then the run's variables (session, environment, global, `{{env:NAME}}`).
 * - Unknown fields are errors, so that a misspelt `expectStatus` does not silently drop a check;
 *   every error names the file and the field (`.falcon/tests/pets.yaml: cases[3].request.method is missing`).
 * - Secrets do not reach the file in clear: header and query values under secret-looking names
 *   (`Authorization`, `Cookie`, `X-Api-Key`, `token`, …) are written masked unless they hold only
 *   `{{VAR}}` placeholders. Bodies are test data and are written as they are.
 * - Suite names: letters, digits, `-`, `_` and `.`, up to 100, starting with a letter or digit.
 */
export const SUITE_FORMAT = 'falcon-tests/1';

export interface TestSuiteFile {
  format: typeof SUITE_FORMAT;
  /** The name of its file in `.falcon/tests/`, without `.yaml`. */
  name: string;
  description?: string;
  /** ISO 8601. */
  createdAt: string;
  /** The spec source (file or URL) the cases were generated from. */
  spec?: string;
  cases: TestCase[];
}

/** A suite file that is missing, unreadable or malformed, or a bad suite name; the message says which and why. */
export class TestSuiteError extends Error {
  override name = 'TestSuiteError';
}
