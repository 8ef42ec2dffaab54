import type { VariableScope } from '../../../workspace/variable-scope.js';
import type { FalconSpec, SpecOperation } from '../../../engines/spec/spec-format.js';
import { happyValues } from '../../../engines/testing/generate/happy-values.js';
import { caseRequest } from '../../../engines/testing/generate/request-values.js';
import { SeededRandom } from '../../../engines/testing/generate/seeded-random.js';
import { fillPlaceholders } from '../../../engines/testing/run/fill-placeholders.js';
import { SpecSchemaValidator } from '../../../engines/testing/spec-schema/spec-schema-validator.js';
import type { ScanRequest } from './scan-exchange.js';

/** `falcon test`'s default seed: a scan starts from the requests its happy cases send. */
const SEED = 1;

/** For each operation, the valid request `falcon test`'s happy case sends, made once. */
export async function validRequests(spec: FalconSpec, operations: readonly SpecOperation[], variables: VariableScope): Promise<Map<string, ScanRequest>> {
  const validator = await SpecSchemaValidator.load(spec.schemas);
  const random = new SeededRandom(SEED);
  const requests = new Map<string, ScanRequest>();
  for (const operation of operations) {
    const context = { spec, validator, random: random.fork(operation.id) };
    const values = happyValues(operation, context, true) ?? happyValues(operation, context, false);
    if (values) requests.set(operation.id, await fillPlaceholders(caseRequest(operation, values, spec), new Map(), variables));
  }
  return requests;
}
