import { buildSchema, type GraphQLSchema } from 'graphql';
import type { FalconSpec } from '../../spec/spec-format.js';

const schemas = new WeakMap<FalconSpec, GraphQLSchema>();

/** The schema of a GraphQL spec, built once per spec object; undefined for any other spec. */
export function graphqlSchemaOf(spec: FalconSpec | undefined): GraphQLSchema | undefined {
  if (spec?.kind !== 'graphql' || !spec.graphql) return undefined;
  let schema = schemas.get(spec);
  if (!schema) {
    schema = buildSchema(spec.graphql.sdl);
    schemas.set(spec, schema);
  }
  return schema;
}
