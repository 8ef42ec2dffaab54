import {
  getNullableType,
  isAbstractType,
  isEnumType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  Kind,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
  type SelectionSetNode,
} from 'graphql';
import type { GraphQLError } from '../../graphql/send-graphql.js';

type Path = ReadonlyArray<string | number>;

/** One way `data` differs from what the schema and the selection say it must be. */
export interface ShapeProblem {
  /** `Book.price`: the field the problem is about. */
  field: string;
  /** `is declared Float! but answered null`. */
  problem: string;
  /** Where in `data`: `books[3].price`. */
  at: string;
}

/**
 * Walks `data` along the operation's selection: each field asked is there under its alias or name
 * and nothing else is, each value has its field's type (an Int an integer, an enum one of its
 * values, a list an array), and no field declared non-null is null unless an error's path says
 * why (GraphQL nulls a failed non-null field's parent and reports the error at the field).
 */
export function answerShapeProblems(
  schema: GraphQLSchema,
  root: GraphQLObjectType,
  selection: SelectionSetNode,
  data: Record<string, unknown>,
  errors: readonly GraphQLError[],
): ShapeProblem[] {
  const problems: ShapeProblem[] = [];
  const explained = (path: Path) => errors.some((error) => error.path && path.every((part, index) => error.path![index] === part));

  const walkObject = (type: GraphQLObjectType, set: SelectionSetNode, value: Record<string, unknown>, path: Path) => {
    const asked = new Set<string>();
    for (const { key, name, set: inner } of fieldsAsked(type, set)) {
      asked.add(key);
      const label = `${type.name}.${name}`;
      const fieldType = name === '__typename' ? undefined : type.getFields()[name]?.type;
      if (!(key in value)) {
        problems.push({ field: label, problem: 'was asked for but is missing from the answer', at: shownPath([...path, key]) });
        continue;
      }
      if (fieldType) walkValue(fieldType, inner, value[key], [...path, key], label);
    }
    for (const key of Object.keys(value)) {
      if (!asked.has(key)) problems.push({ field: `${type.name}.${key}`, problem: 'was not asked for but is in the answer', at: shownPath([...path, key]) });
    }
  };

  const walkValue = (type: GraphQLOutputType, set: SelectionSetNode | undefined, value: unknown, path: Path, label: string): void => {
    if (value === null || value === undefined) {
      if (isNonNullType(type) && !explained(path))
        problems.push({ field: label, problem: `is declared ${String(type)} but answered null`, at: shownPath(path) });
      return;
    }
    const inner = getNullableType(type);
    if (isListType(inner)) {
      if (!Array.isArray(value))
        return void problems.push({ field: label, problem: `is declared ${String(type)} but answered ${brief(value)}`, at: shownPath(path) });
      value.forEach((item, index) => walkValue(inner.ofType, set, item, [...path, index], label));
      return;
    }
    if (isScalarType(inner) || isEnumType(inner)) {
      if (!leafFits(inner, value)) problems.push({ field: label, problem: `is declared ${String(type)} but answered ${brief(value)}`, at: shownPath(path) });
      return;
    }
    if (typeof value !== 'object' || Array.isArray(value)) {
      problems.push({ field: label, problem: `is declared ${String(type)} but answered ${brief(value)}`, at: shownPath(path) });
      return;
    }
    const object = value as Record<string, unknown>;
    const concrete = isAbstractType(inner) ? schema.getType(String(object.__typename)) : inner;
    if (!isObjectType(concrete) || !set) return;
    walkObject(concrete, set, object, path);
  };

  walkObject(root, selection, data, []);
  return problems;
}

interface AskedField {
  key: string;
  name: string;
  set?: SelectionSetNode;
}

/** The fields a selection asks of an object of this type, inline fragments on it included. */
function fieldsAsked(type: GraphQLObjectType, set: SelectionSetNode): AskedField[] {
  return set.selections.flatMap((selection): AskedField[] => {
    if (selection.kind === Kind.FIELD) {
      return [
        { key: selection.alias?.value ?? selection.name.value, name: selection.name.value, ...(selection.selectionSet && { set: selection.selectionSet }) },
      ];
    }
    if (selection.kind === Kind.INLINE_FRAGMENT) {
      const on = selection.typeCondition?.name.value;
      const applies = !on || on === type.name || type.getInterfaces().some((one) => one.name === on);
      return applies ? fieldsAsked(type, selection.selectionSet) : [];
    }
    return [];
  });
}

function leafFits(type: GraphQLOutputType, value: unknown): boolean {
  if (isEnumType(type)) return typeof value === 'string' && type.getValue(value) !== undefined;
  switch (String(type)) {
    case 'Int':
      return Number.isInteger(value);
    case 'Float':
      return typeof value === 'number';
    case 'String':
      return typeof value === 'string';
    case 'Boolean':
      return typeof value === 'boolean';
    case 'ID':
      return typeof value === 'string' || Number.isInteger(value);
    default:
      return true;
  }
}

/** `books[3].price`. */
function shownPath(path: Path): string {
  return path.map((part, index) => (typeof part === 'number' ? `[${part}]` : index === 0 ? part : `.${part}`)).join('');
}

function brief(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
