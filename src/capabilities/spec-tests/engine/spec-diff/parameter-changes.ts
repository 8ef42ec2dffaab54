import type { SpecOperation, SpecParameter } from '../../../../engines/spec/spec-format.js';
import type { SchemaComparison } from './schema-comparison.js';
import type { OperationChanges } from './spec-change.js';

/**
 * The parameters of an operation in both specs. Path parameters are paired by their place in the
 * path (`/users/{id}` and `/users/{userId}` are one operation), the others by where they go and
 * their name (a header's in any case).
 */
export function compareParameters(old: SpecOperation, current: SpecOperation, schemas: SchemaComparison, record: OperationChanges): void {
  const oldPath = pathParameterNames(old.path);
  const newPath = pathParameterNames(current.path);
  oldPath.forEach((oldName, index) => {
    const newName = newPath[index]!;
    const label = `path ${newName}`;
    if (oldName !== newName) record('path-parameter-renamed', [label], `renamed from ${JSON.stringify(oldName)} to ${JSON.stringify(newName)}`);
    const oldParameter = old.parameters.find((parameter) => parameter.in === 'path' && parameter.name === oldName);
    const newParameter = current.parameters.find((parameter) => parameter.in === 'path' && parameter.name === newName);
    if (oldParameter?.schema || newParameter?.schema) schemas.compare(oldParameter?.schema ?? {}, newParameter?.schema ?? {}, 'request', [label]);
  });

  const oldOthers = byKey(old.parameters);
  const newOthers = byKey(current.parameters);
  for (const [key, oldParameter] of oldOthers) {
    const newParameter = newOthers.get(key);
    if (!newParameter) {
      record('parameter-removed', [labelOf(oldParameter)], 'removed');
      continue;
    }
    const label = labelOf(newParameter);
    if (oldParameter.required !== newParameter.required) {
      if (newParameter.required) record('parameter-became-required', [label], 'became required');
      else record('parameter-became-optional', [label], 'became optional');
    }
    schemas.compare(oldParameter.schema ?? {}, newParameter.schema ?? {}, 'request', [label]);
  }
  for (const [key, newParameter] of newOthers) {
    if (oldOthers.has(key)) continue;
    if (newParameter.required) record('required-parameter-added', [labelOf(newParameter)], 'required parameter added');
    else record('optional-parameter-added', [labelOf(newParameter)], 'optional parameter added');
  }
}

/** `/users/{id}/posts/{postId}` → `{}` for each parameter: how operations are told apart. */
export function pathShape(path: string): string {
  return path.replace(/\{[^}]*\}/g, '{}');
}

function pathParameterNames(path: string): string[] {
  return [...path.matchAll(/\{([^}]*)\}/g)].map((match) => match[1]!);
}

/** The parameters but path ones, by where they go and their name. */
function byKey(parameters: readonly SpecParameter[]): Map<string, SpecParameter> {
  return new Map(
    parameters
      .filter((parameter) => parameter.in !== 'path')
      .map((parameter) => [`${parameter.in} ${parameter.in === 'header' ? parameter.name.toLowerCase() : parameter.name}`, parameter]),
  );
}

function labelOf(parameter: SpecParameter): string {
  return `${parameter.in} ${parameter.name}`;
}
