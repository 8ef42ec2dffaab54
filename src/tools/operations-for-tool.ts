import type { FalconSpec, SpecOperation } from '../engines/spec/spec-format.js';
import { OperationFilterError, selectOperations } from '../engines/testing/select-operations.js';
import { ToolError } from './tool.js';

/** The spec's operations matching any of the patterns (all without any); a ToolError when there are none. */
export function operationsForTool(spec: FalconSpec, patterns: string[] | undefined): SpecOperation[] {
  let operations: SpecOperation[];
  try {
    operations = selectOperations(spec.operations, { include: patterns });
  } catch (error) {
    if (error instanceof OperationFilterError) throw new ToolError(error.message);
    throw error;
  }
  if (operations.length === 0) throw new ToolError('.falcon/spec.yaml describes no operations: ingest a spec that has some');
  return operations;
}
