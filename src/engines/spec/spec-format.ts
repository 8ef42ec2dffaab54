/**
 * `.falcon/spec.yaml`: the API as Falcon ingested it, one format for OpenAPI 2.0, 3.0, 3.1 and
 * Postman v2.1 collections, so that tests and the agent never parse the original again.
 *
 * - The file is a `#` comment line, then the spec as JSON indented by two spaces. JSON is YAML, so
 *   the name holds; JSON because GitHub's spec (1,200 operations) then reads back in about 0.2 s,
 *   where YAML took 18 s (and 4 s to write). Readers (readIngestedSpec, parseIngestedSpec) take
 *   JSON first and fall back to YAML for a file a person rewrote as such.
 * - `format` is `falcon-spec/1`; a reader refuses other values (a later version bumps the number).
 * - Schemas are JSON Schema objects with every `$ref` resolved in place, except a schema that
 *   refers to itself (directly or through others): that one stays `{$ref: "#/schemas/Name"}` and
 *   `schemas` holds it, so the file is self-contained and finite.
 * - In the file only, each named schema of the source (`components/schemas`, `definitions`) is kept
 *   once, in a `sharedSchemas` section after `operations`, and each use is
 *   `{$ref: "#/sharedSchemas/Name"}` (a JSON pointer segment: `~1` for `/`, `~0` for `~`). Readers
 *   put the schema back in place of each such ref, the same object everywhere (so schemas are
 *   read-only), and drop the section: a FalconSpec in memory never holds them.
 * - Parameters are the merged path-level and operation-level ones (the operation's win by name+in).
 * - `security` on an operation is its effective requirement: its own, else the document's; `[]`
 *   means no auth. Each entry is one alternative: every scheme named in it applies together.
 * - Postman: folder names become `tags`, `:id` path segments become `{id}` path parameters,
 *   `{{var}}` placeholders are kept as they are, collection variables go to `variables`, and the
 *   bodies of saved responses become `example`s. Auth values (tokens, passwords) are never kept.
 * - GraphQL (`kind: graphql`, from an SDL file or an endpoint's introspection): `graphql` holds the
 *   schema as SDL and the endpoint; each root field is an operation `POST <endpoint path>` with the
 *   id `query.books` / `mutation.placeOrder` and its signature as summary, so listings, summaries and
 *   the prompt's digest read it as any other (graphql-to-spec.ts).
 */
export const SPEC_FORMAT = 'falcon-spec/1';

export type SpecSourceKind = 'openapi' | 'swagger' | 'postman' | 'graphql';

export type JsonSchema = Record<string, unknown>;

/** `{bearerAuth: []}`: scheme name → OAuth scopes. */
export type SecurityRequirement = Record<string, string[]>;

export interface SpecServer {
  url: string;
  description?: string;
}

export interface SecurityScheme {
  /** `http`, `apiKey`, `oauth2`, `openIdConnect`, `mutualTLS`, or a Postman auth type. */
  type: string;
  /** For `http`: `bearer`, `basic`, … */
  scheme?: string;
  bearerFormat?: string;
  /** For `apiKey`: where the key goes and under which name. */
  in?: string;
  name?: string;
  description?: string;
}

export interface SpecParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema?: JsonSchema;
  description?: string;
  example?: unknown;
}

export interface SpecMediaType {
  schema?: JsonSchema;
  /** The example, else the first named one. */
  example?: unknown;
  /** OpenAPI 3's named examples (`examples: {cat: {value: …}}`): name → value, when there are any. */
  examples?: Record<string, unknown>;
}

export interface SpecRequestBody {
  required: boolean;
  /** Media type (`application/json`) → schema and example. */
  content: Record<string, SpecMediaType>;
}

export interface SpecHeader {
  required: boolean;
  schema?: JsonSchema;
  description?: string;
}

/**
 * An OpenAPI 3 link: a request that can follow this response, its parameters taken from the
 * exchange by runtime expressions (`$response.body#/id`, `$request.path.petId`) or given as constants.
 */
export interface SpecLink {
  /** The operation it leads to; an `operationRef` into the same document is resolved to its id. */
  operationId: string;
  /** Parameter name (`petId`, or `path.petId` where names clash) → runtime expression or constant. */
  parameters?: Record<string, unknown>;
  /** The target's request body: a runtime expression or a constant value. */
  requestBody?: unknown;
  description?: string;
}

export interface SpecResponse {
  description: string;
  content?: Record<string, SpecMediaType>;
  headers?: Record<string, SpecHeader>;
  /** Link name → link; links to operations not in the document are left out. */
  links?: Record<string, SpecLink>;
}

export interface SpecOperation {
  /**
   * The operationId, else made from method and path (`get /pets/{id}` → `get_pets_id`) or from the
   * Postman folders and item name; only letters, digits, `_`, `.` and `-` (`find pet by id` →
   * `find_pet_by_id`), unique (`_2`, `_3`… on a clash). See unique-id.ts.
   */
  id: string;
  /** Upper case: `GET`, `POST`, … */
  method: string;
  /** `/pets/{petId}`, relative to a server URL. */
  path: string;
  summary?: string;
  description?: string;
  tags: string[];
  deprecated?: boolean;
  parameters: SpecParameter[];
  requestBody?: SpecRequestBody;
  /** Status (`200`, `4XX`, `default`) → response. */
  responses: Record<string, SpecResponse>;
  security: SecurityRequirement[];
}

export interface FalconSpec {
  format: typeof SPEC_FORMAT;
  /** The file (relative to the project) or URL it was ingested from. */
  source: string;
  kind: SpecSourceKind;
  /** `3.0.3`, `3.1.0`, `2.0`, or the Postman schema version `2.1.0`. */
  specVersion: string;
  /** ISO 8601 time of the ingest. */
  ingestedAt: string;
  title: string;
  version: string;
  description?: string;
  servers: SpecServer[];
  securitySchemes: Record<string, SecurityScheme>;
  /** Postman collection variables (`{{name}}`), values as the collection has them. */
  variables?: Record<string, string>;
  /** Self-referencing schemas, the targets of the `#/schemas/Name` refs left in place. */
  schemas?: Record<string, JsonSchema>;
  operations: SpecOperation[];
  /** A GraphQL API: its schema and, when known, its endpoint. */
  graphql?: GraphQLSpecPart;
}

export interface GraphQLSpecPart {
  /** `http://api.example/graphql`; absent for an SDL file ingested alone. */
  endpoint?: string;
  /** The whole schema, printed by `graphql`'s printSchema. */
  sdl: string;
}

/** What a converter produces; the ingest adds `format`, `source` and `ingestedAt`. */
export type ConvertedSpec = Omit<FalconSpec, 'format' | 'source' | 'ingestedAt'>;
