import type { FalconSpec, SpecOperation } from '../../spec/spec-format.js';
import type { SentExchange } from '../run/send-case.js';
import { optionalBodyProperties } from './optional-properties.js';
import { countedParameters, isEnumValue, parameterItems } from './parameter-items.js';
import { responseKeyFor } from './response-key.js';
import type { OperationCoverage, RunCoverage } from './run-coverage.js';
import { sentBodyProperties } from './sent-properties.js';
import { sentParameter } from './sent-parameter.js';

/**
 * The run's coverage, counted as its requests go: `record` is given every request that got an
 * answer (a case's, a check's probe, each fuzz input), and marks what it shows of its operation —
 * the documented response its status falls to (or the status as undocumented), each optional
 * parameter present or absent, each enum value sent, each optional body property sent. A request
 * counts for the operation its case names when it has that operation's method: a probe sending
 * another method to the path (unsupported_method) shows nothing of the operation.
 */
export class CoverageRecorder {
  private readonly inScope: ReadonlySet<string>;
  private readonly specOperations: ReadonlyMap<string, SpecOperation>;
  private readonly byId = new Map<string, OperationCoverage>();

  constructor(
    private readonly spec: FalconSpec,
    /** The operations the run is about: the figures count these; others reached are kept apart. */
    private readonly operations: readonly SpecOperation[],
  ) {
    this.inScope = new Set(operations.map((operation) => operation.id));
    this.specOperations = new Map(spec.operations.map((operation) => [operation.id, operation]));
  }

  readonly record = (exchange: SentExchange): void => {
    const id = exchange.case.operationId;
    const operation = id === undefined ? undefined : this.specOperations.get(id);
    if (!operation || operation.method !== exchange.request.method.toUpperCase()) return;
    const coverage = this.coverageOf(operation);
    markResponse(coverage, exchange.status);
    markParameters(coverage, operation, exchange);
    if (coverage.bodyProperties.length > 0) {
      const sent = sentBodyProperties(exchange.request);
      for (const item of coverage.bodyProperties) if (sent.has(item.property)) item.seen = true;
    }
  };

  /** What the run saw: every operation in scope, exercised or not, and the others its requests reached. */
  coverage(): RunCoverage {
    const operations = this.operations.map((operation) => this.coverageOf(operation));
    const reached = this.spec.operations.filter((operation) => !this.inScope.has(operation.id) && this.byId.has(operation.id));
    return { operations, ...(reached.length > 0 && { reached: reached.map((operation) => this.coverageOf(operation)) }) };
  }

  private coverageOf(operation: SpecOperation): OperationCoverage {
    let coverage = this.byId.get(operation.id);
    if (!coverage) {
      coverage = {
        operation: operation.id,
        method: operation.method,
        path: operation.path,
        responses: Object.keys(operation.responses).map((status) => ({ status, seen: false })),
        undocumented: [],
        parameters: parameterItems(operation.parameters),
        bodyProperties: optionalBodyProperties(operation.requestBody, this.spec).map((property) => ({ property, seen: false })),
      };
      this.byId.set(operation.id, coverage);
    }
    return coverage;
  }
}

function markResponse(coverage: OperationCoverage, status: number): void {
  // An operation that documents no response (a Postman request without saved ones) calls no status undocumented.
  if (coverage.responses.length === 0) return;
  const key = responseKeyFor(
    status,
    coverage.responses.map((response) => response.status),
  );
  const documented = coverage.responses.find((response) => response.status === key);
  if (documented) documented.seen = true;
  else if (!coverage.undocumented.includes(status)) coverage.undocumented = [...coverage.undocumented, status].sort((a, b) => a - b);
}

function markParameters(coverage: OperationCoverage, operation: SpecOperation, exchange: SentExchange): void {
  for (const parameter of countedParameters(operation.parameters)) {
    const items = coverage.parameters.filter((item) => item.name === parameter.name && item.in === parameter.in);
    if (items.length === 0) continue;
    const sent = sentParameter(parameter, exchange.request, operation.path);
    for (const item of items) {
      if (item.item === 'present' && sent.present) item.seen = true;
      else if (item.item === 'absent' && !sent.present) item.seen = true;
      else if (item.item === 'value' && item.value !== undefined && sent.values.some((text) => isEnumValue(text, item.value!))) item.seen = true;
    }
  }
}
