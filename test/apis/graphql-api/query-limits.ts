import { Kind, type DocumentNode, type FragmentDefinitionNode, type SelectionSetNode } from 'graphql';

/** How deep, how many aliases and how many fields a query asks for, its fragments followed once. */
export interface QueryShape {
  depth: number;
  aliases: number;
  fields: number;
}

export function measureQuery(document: DocumentNode): QueryShape {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const shape: QueryShape = { depth: 0, aliases: 0, fields: 0 };
  const walk = (selections: SelectionSetNode, level: number, seen: Set<string>): void => {
    shape.depth = Math.max(shape.depth, level);
    for (const selection of selections.selections) {
      if (selection.kind === Kind.FIELD) {
        shape.fields += 1;
        if (selection.alias) shape.aliases += 1;
        if (selection.selectionSet) walk(selection.selectionSet, level + 1, seen);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        walk(selection.selectionSet, level, seen);
      } else {
        const fragment = fragments.get(selection.name.value);
        if (fragment && !seen.has(fragment.name.value)) walk(fragment.selectionSet, level, new Set([...seen, fragment.name.value]));
      }
    }
  };
  for (const definition of document.definitions) {
    if (definition.kind === Kind.OPERATION_DEFINITION) walk(definition.selectionSet, 1, new Set());
  }
  return shape;
}
