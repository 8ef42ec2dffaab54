import { getNamedType, isNonNullType, type GraphQLArgument, type GraphQLField, type GraphQLSchema } from 'graphql';

export type GraphQLOperationKind = 'query' | 'mutation' | 'subscription';

/** One root field of the schema: what a client can ask for as the top of an operation. */
export interface GraphQLOperation {
  kind: GraphQLOperationKind;
  /** The root field's name: `books`, `placeOrder`. */
  name: string;
  description?: string;
  args: GraphQLOperationArgument[];
  /** The field's type as SDL writes it: `[Book!]!`. */
  returns: string;
  /** The name of the type under the lists and non-nulls: `Book`. */
  returnsNamed: string;
  deprecated?: string;
}

export interface GraphQLOperationArgument {
  name: string;
  type: string;
  required: boolean;
  description?: string;
}

/** The schema's queries, mutations and subscriptions, in the order the schema declares them. */
export function listGraphQLOperations(schema: GraphQLSchema): GraphQLOperation[] {
  const roots: [GraphQLOperationKind, ReturnType<GraphQLSchema['getQueryType']>][] = [
    ['query', schema.getQueryType()],
    ['mutation', schema.getMutationType()],
    ['subscription', schema.getSubscriptionType()],
  ];
  return roots.flatMap(([kind, type]) => (type ? Object.values(type.getFields()).map((field) => operationOf(kind, field)) : []));
}

function operationOf(kind: GraphQLOperationKind, field: GraphQLField<unknown, unknown>): GraphQLOperation {
  return {
    kind,
    name: field.name,
    ...(field.description && { description: field.description }),
    args: field.args.map(argumentOf),
    returns: String(field.type),
    returnsNamed: getNamedType(field.type).name,
    ...(field.deprecationReason && { deprecated: field.deprecationReason }),
  };
}

function argumentOf(argument: GraphQLArgument): GraphQLOperationArgument {
  return {
    name: argument.name,
    type: String(argument.type),
    required: isNonNullType(argument.type) && argument.defaultValue === undefined,
    ...(argument.description && { description: argument.description }),
  };
}
