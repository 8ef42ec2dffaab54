import {
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLArgument,
  type GraphQLInputType,
} from 'graphql';
import type { GraphQLVariables } from './graphql-values.js';

/** Variables the schema refuses, and what was wrong with them in words. */
export interface InvalidVariables {
  slug: string;
  /** `title missing (String!)`, `genre "NOT_A_GENRE", not a Genre`. */
  mutation: string;
  variables: GraphQLVariables;
}

const OUT_OF_INT_RANGE = 2 ** 31;

/**
 * From valid variables, each change a server must refuse with a GraphQL error before running the
 * field: a required argument left out, a value of the wrong type (a number for a string, text for a
 * number, an object for a scalar), an enum value the enum lacks, an Int past 32 bits.
 */
export function invalidVariables(args: readonly GraphQLArgument[], valid: GraphQLVariables): InvalidVariables[] {
  const changes: InvalidVariables[] = [];
  for (const argument of args) {
    const type = String(argument.type);
    if (isNonNullType(argument.type) && argument.defaultValue === undefined) {
      const { [argument.name]: _left, ...rest } = valid;
      changes.push({ slug: `${argument.name}-missing`, mutation: `${argument.name} missing (${type})`, variables: rest });
    }
    const wrong = wrongTypeValue(argument.type);
    if (wrong !== undefined) {
      changes.push({
        slug: `${argument.name}-wrong-type`,
        mutation: `${argument.name} ${JSON.stringify(wrong)}, not a ${type}`,
        variables: { ...valid, [argument.name]: wrong },
      });
    }
    const named = getNamedType(argument.type);
    if (isEnumType(named) && !isListType(getNullableType(argument.type))) {
      const value = `NOT_A_${named.name.toUpperCase()}`;
      changes.push({
        slug: `${argument.name}-unknown-enum`,
        mutation: `${argument.name} ${value}, not a value of ${named.name}`,
        variables: { ...valid, [argument.name]: value },
      });
    }
    if (named.name === 'Int' && !isListType(getNullableType(argument.type))) {
      changes.push({
        slug: `${argument.name}-past-int`,
        mutation: `${argument.name} ${OUT_OF_INT_RANGE}, past a 32-bit Int`,
        variables: { ...valid, [argument.name]: OUT_OF_INT_RANGE },
      });
    }
  }
  return changes;
}

/** A value no coercion of the type takes; undefined for a custom scalar, which may take anything. */
function wrongTypeValue(type: GraphQLInputType): unknown {
  const inner = getNullableType(type);
  if (isListType(inner)) return wrongTypeValue(inner.ofType) === undefined ? undefined : [wrongTypeValue(inner.ofType)];
  if (isInputObjectType(inner)) return 'not an object';
  if (isEnumType(inner)) return 42;
  if (!isScalarType(inner)) return undefined;
  switch (inner.name) {
    case 'String':
      return 12345;
    case 'ID':
      return true;
    case 'Int':
    case 'Float':
      return 'not a number';
    case 'Boolean':
      return 'yes';
    default:
      return undefined;
  }
}
