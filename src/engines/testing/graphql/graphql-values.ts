import {
  getNullableType,
  GraphQLBoolean,
  GraphQLFloat,
  GraphQLID,
  GraphQLInt,
  GraphQLString,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  type GraphQLArgument,
  type GraphQLInputType,
} from 'graphql';

/** Levels of input objects filled inside one another; deeper optional fields are left out. */
const MAX_INPUT_DEPTH = 4;

/** Variables for a root field's arguments: each as `$name`, every one (`all`) or only the required ones. */
export type GraphQLVariables = Record<string, unknown>;

/** A valid value of an input type: `1`, `"falcon"`, the first enum value, an input object with every field (`all`) or its required ones. */
export function validValue(type: GraphQLInputType, all = true, depth = 0): unknown {
  const inner = getNullableType(type);
  if (isListType(inner)) return [validValue(inner.ofType, all, depth)];
  if (isEnumType(inner)) return inner.getValues()[0]?.value ?? null;
  if (isInputObjectType(inner)) {
    const fields = Object.values(inner.getFields()).filter((field) => isNonNullType(field.type) || (all && depth < MAX_INPUT_DEPTH));
    return Object.fromEntries(fields.map((field) => [field.name, validValue(field.type, all, depth + 1)]));
  }
  return scalarValue(inner.name);
}

function scalarValue(name: string): unknown {
  switch (name) {
    case GraphQLInt.name:
      return 1;
    case GraphQLFloat.name:
      return 1.5;
    case GraphQLBoolean.name:
      return true;
    case GraphQLID.name:
      return '1';
    case GraphQLString.name:
      return 'falcon';
    default:
      // A custom scalar: a string is what most take (dates, URLs, JSON as text).
      return 'falcon';
  }
}

/** Valid variables for the arguments: all of them, or only those a request must give. */
export function validVariables(args: readonly GraphQLArgument[], all: boolean): GraphQLVariables {
  const given = args.filter((argument) => all || (isNonNullType(argument.type) && argument.defaultValue === undefined));
  return Object.fromEntries(given.map((argument) => [argument.name, validValue(argument.type, all)]));
}

/** `genre: RARE, limit: 1`: variables as a case's name shows them, long strings cut. */
export function describeVariables(variables: GraphQLVariables): string {
  return Object.entries(variables)
    .map(([name, value]) => `${name}: ${shown(value)}`)
    .join(', ');
}

function shown(value: unknown): string {
  // An enum value reads as GraphQL writes it, `RARE`; any other string quoted.
  if (typeof value === 'string' && /^[A-Z_][A-Z0-9_]*$/.test(value)) return value;
  if (typeof value === 'string') return value.length > 40 ? `"${value.slice(0, 20)}…" (${value.length} characters)` : JSON.stringify(value);
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}
