import fc from 'fast-check';
import { getNullableType, isEnumType, isInputObjectType, isListType, isNonNullType, type GraphQLArgument, type GraphQLInputType } from 'graphql';
import type { GraphQLVariables } from './graphql-values.js';

const MAX_INPUT_DEPTH = 3;
const ASCII_PRINTABLE = fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code));
// `{` is left out: `{{name}}` in a request is a placeholder the run fills (run/fill-placeholders.ts).
const TEXT_UNIT = fc.oneof(
  { weight: 20, arbitrary: ASCII_PRINTABLE.filter((char) => char !== '{') },
  { weight: 1, arbitrary: fc.constantFrom('é', 'ß', '漢', '🦅', '\u0000', '\n') },
);
const WORD_UNIT = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz 0123456789');

/** Strings short and odd, or long and plain: what breaks a column, a buffer or a parser. */
const TEXT = fc.oneof(fc.string({ unit: TEXT_UNIT, maxLength: 24 }), fc.string({ unit: WORD_UNIT, minLength: 24, maxLength: 600, size: 'max' }));
const INT = fc.oneof(fc.integer({ min: -10, max: 100 }), fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }));
const FLOAT = fc.oneof(fc.double({ min: -1000, max: 1000, noNaN: true }), fc.double({ noNaN: true, noDefaultInfinity: true }));

/**
 * Variables drawn with fast-check from the arguments' types, each inside its type (GraphQL coerces
 * and checks them; what a field does with a value its type allows is what fuzzing probes): a
 * required argument always given, an optional one sometimes left out or null. fast-check shrinks
 * them: a long string to the shortest that still fails.
 */
export function variablesArbitrary(args: readonly GraphQLArgument[]): fc.Arbitrary<GraphQLVariables> {
  const model = Object.fromEntries(args.map((argument) => [argument.name, inputArbitrary(argument.type, 0)]));
  const requiredKeys = args.filter((argument) => isNonNullType(argument.type) && argument.defaultValue === undefined).map((argument) => argument.name);
  return fc.record(model, { requiredKeys });
}

function inputArbitrary(type: GraphQLInputType, depth: number): fc.Arbitrary<unknown> {
  if (!isNonNullType(type)) return fc.option(valueArbitrary(type, depth), { nil: null, freq: 6 });
  return valueArbitrary(type.ofType, depth);
}

/** A value of the type, never null. */
function valueArbitrary(type: GraphQLInputType, depth: number): fc.Arbitrary<unknown> {
  const inner = getNullableType(type);
  if (isListType(inner)) return fc.array(inputArbitrary(inner.ofType, depth), { maxLength: 4 });
  if (isEnumType(inner)) return fc.constantFrom(...inner.getValues().map((value) => value.value as unknown));
  if (isInputObjectType(inner)) {
    const fields = Object.values(inner.getFields()).filter((field) => isNonNullType(field.type) || depth < MAX_INPUT_DEPTH);
    const model = Object.fromEntries(fields.map((field) => [field.name, inputArbitrary(field.type, depth + 1)]));
    const requiredKeys = fields.filter((field) => isNonNullType(field.type) && field.defaultValue === undefined).map((field) => field.name);
    return fc.record(model, { requiredKeys });
  }
  switch (inner.name) {
    case 'Int':
      return INT;
    case 'Float':
      return FLOAT;
    case 'Boolean':
      return fc.boolean();
    case 'ID':
      return fc.oneof(fc.nat({ max: 1000 }).map(String), TEXT);
    default:
      return TEXT;
  }
}
