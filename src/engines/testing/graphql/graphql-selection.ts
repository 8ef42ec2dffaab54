import {
  getNamedType,
  isAbstractType,
  isInterfaceType,
  isLeafType,
  isObjectType,
  isRequiredArgument,
  type GraphQLNamedType,
  type GraphQLSchema,
} from 'graphql';

/** Levels of fields an operation asks for, its root field being the first: `order { book { author } }` stops at `book`'s fields. */
export const MAX_SELECTION_DEPTH = 3;
/** Fields asked of one object, so a wide type does not make a query a server refuses as too large. */
const MAX_FIELDS_PER_OBJECT = 12;

/**
 * The selection set asked of a field of this type: ` { id title author { id name } }`, nothing for
 * a scalar or enum. Every field that takes no required argument, down to MAX_SELECTION_DEPTH
 * levels (an object at the last level is left out, or asked for its `__typename` alone when nothing
 * else is left); a union or interface gets `__typename` and an inline fragment per possible type.
 */
export function selectionOf(type: GraphQLNamedType, schema: GraphQLSchema, level = 1): string {
  if (isLeafType(type)) return '';
  if (isAbstractType(type)) {
    const fragments = schema
      .getPossibleTypes(type)
      .map((possible) => ({ name: possible.name, fields: fieldsOf(possible, schema, level) }))
      .filter((fragment) => fragment.fields.length > 0)
      .map((fragment) => `... on ${fragment.name} { ${fragment.fields.join(' ')} }`);
    return ` { ${['__typename', ...fragments].join(' ')} }`;
  }
  const fields = fieldsOf(type, schema, level);
  return ` { ${fields.length > 0 ? fields.join(' ') : '__typename'} }`;
}

function fieldsOf(type: GraphQLNamedType, schema: GraphQLSchema, level: number): string[] {
  if (!isObjectType(type) && !isInterfaceType(type)) return [];
  const chosen: string[] = [];
  for (const field of Object.values(type.getFields())) {
    if (chosen.length >= MAX_FIELDS_PER_OBJECT) break;
    if (field.args.some(isRequiredArgument)) continue;
    const named = getNamedType(field.type);
    if (isLeafType(named)) chosen.push(field.name);
    else if (level + 1 < MAX_SELECTION_DEPTH) chosen.push(`${field.name}${selectionOf(named, schema, level + 1)}`);
  }
  return chosen;
}
