import type { FalconSpec, SpecOperation } from '../../../engines/spec/spec-format.js';
import { ToolError } from '../../../kit/tool/tool.js';

/** The spec's operations matching any of the patterns (all without any); a ToolError when there are none. */
export async function operationsForTool(spec: FalconSpec, patterns: string[] | undefined): Promise<SpecOperation[]> {
  const { OperationFilterError, selectOperations } = await import('../../../engines/testing/select-operations.js');
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

/** `getPet (GET), addPet (POST), …`: the first five, for messages. */
export function listOperations(operations: SpecOperation[]): string {
  const shown = operations.slice(0, 5).map((operation) => `${operation.id} (${operation.method})`);
  return `${shown.join(', ')}${operations.length > 5 ? ', …' : ''}`;
}
