import SwaggerParser from '@apidevtools/swagger-parser';
import { ConfinedRefs } from './confined-refs.js';
import { asArray, asObject, asString, entriesOf, type JsonObject } from './json-values.js';
import {
  convertParameter,
  convertRequestBody,
  convertResponses,
  mergeParameters,
  type LinkTargetResolver,
  swagger2RequestBody,
  swagger2Responses,
} from './openapi-parts.js';
import { SchemaCopier } from './schema-refs.js';
import { convertSecuritySchemes, convertServers } from './openapi-servers.js';
import { checkOpenApiSchema } from './openapi-schema-check.js';
import type { SharedSchemaSection } from './shared-schemas.js';
import type { ConvertedSpec, SecurityRequirement, SpecOperation } from './spec-format.js';
import { SpecError } from './spec-error.js';
import type { SpecDocument } from './read-spec-source.js';
import { uniqueId } from './unique-id.js';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/**
 * Validates and dereferences an OpenAPI 2.0/3.0/3.1 document, its external `$ref`s confined (see
 * ConfinedRefs), then converts it to the spec.yaml shape, named schemas kept once (see SchemaCopier).
 */
export async function openApiToSpec(spec: SpecDocument, projectRoot: string, signal: AbortSignal): Promise<ConvertedSpec & SharedSchemaSection> {
  const document = await dereference(spec, new ConfinedRefs(spec, projectRoot, signal), signal);
  const isSwagger2 = typeof document.swagger === 'string';
  const schemas = new SchemaCopier(asObject(isSwagger2 ? document.definitions : asObject(document.components)?.schemas) ?? {}, document);
  const info = asObject(document.info) ?? {};
  const description = asString(info.description);
  const operations = convertOperations(document, isSwagger2, schemas);
  const { circular, shared } = schemas.collected();
  return {
    kind: isSwagger2 ? 'swagger' : 'openapi',
    specVersion: String(document.swagger ?? document.openapi),
    title: asString(info.title) ?? 'Untitled API',
    version: String(info.version ?? ''),
    ...(description && { description }),
    servers: convertServers(document, spec.location),
    securitySchemes: convertSecuritySchemes(isSwagger2 ? document.securityDefinitions : asObject(document.components)?.securitySchemes),
    ...(circular && { schemas: circular }),
    operations,
    ...(shared && { sharedSchemas: shared }),
  };
}

async function dereference(spec: SpecDocument, refs: ConfinedRefs, signal: AbortSignal): Promise<JsonObject> {
  // swagger-parser checks a Swagger 2.0 document against its schema, then against the rules beyond
  // it; an OpenAPI 3 document has no such rules, and its schema check is checkOpenApiSchema's.
  const isOpenApi3 = !spec.document.swagger;
  try {
    // Self-referencing schemas stay `$ref`s: expanding them would never end.
    const api = await SwaggerParser.validate(spec.location, spec.document as never, {
      dereference: { circular: 'ignore' },
      resolve: refs.resolveOptions,
      ...(isOpenApi3 && { validate: { schema: false } }),
    });
    if (isOpenApi3) await checkOpenApiSchema(api as unknown as JsonObject);
    return api as unknown as JsonObject;
  } catch (error) {
    signal.throwIfAborted();
    const refused = refs.refusal();
    if (refused) throw refused;
    if (error instanceof RangeError) throw new SpecError(`${spec.source}: its $refs nest too deeply to resolve`);
    const message = await refs.relativePaths((error instanceof Error ? error.message : String(error)).replaceAll(spec.location, spec.source));
    // One line: swagger-parser lists each validation problem on a line of its own.
    const [first = '', ...details] = message.trim().split(/\s*\n\s*/);
    throw new SpecError(`${spec.source}: ${details.length > 0 ? `${first.replace(/\.$/, '')}: ${details.join('; ')}` : first}`);
  }
}

interface PlannedOperation {
  path: string;
  method: string;
  pathItem: JsonObject;
  operation: JsonObject;
  id: string;
}

function convertOperations(document: JsonObject, isSwagger2: boolean, schemas: SchemaCopier): SpecOperation[] {
  const planned = planOperations(document);
  const linkTarget = linkTargetResolver(planned);
  const globalSecurity = asArray(document.security) as SecurityRequirement[];
  return planned.map(({ path, method, pathItem, operation, id }): SpecOperation => {
    const parameters = mergeParameters(pathItem.parameters, operation.parameters);
    const requestBody = isSwagger2
      ? swagger2RequestBody(parameters, mediaTypes(operation.consumes ?? document.consumes), schemas)
      : convertRequestBody(operation.requestBody, schemas);
    const responses = isSwagger2
      ? swagger2Responses(operation.responses, mediaTypes(operation.produces ?? document.produces), schemas)
      : convertResponses(operation.responses, schemas, linkTarget);
    const summary = asString(operation.summary);
    const description = asString(operation.description);
    return {
      id,
      method: method.toUpperCase(),
      path,
      ...(summary && { summary }),
      ...(description && { description }),
      tags: asArray(operation.tags).filter((tag): tag is string => typeof tag === 'string'),
      ...(operation.deprecated === true && { deprecated: true }),
      parameters: parameters.flatMap((parameter) => convertParameter(parameter, schemas) ?? []),
      ...(requestBody && { requestBody }),
      responses,
      security: Array.isArray(operation.security) ? (operation.security as SecurityRequirement[]) : globalSecurity,
    };
  });
}

/** Every operation with its final id, before any is converted: links may point to later ones. */
function planOperations(document: JsonObject): PlannedOperation[] {
  const ids = new Set<string>();
  const planned: PlannedOperation[] = [];
  for (const [path, value] of entriesOf(document.paths)) {
    const pathItem = asObject(value) ?? {};
    for (const method of METHODS) {
      const operation = asObject(pathItem[method]);
      if (!operation) continue;
      planned.push({ path, method, pathItem, operation, id: uniqueId(asString(operation.operationId) ?? `${method} ${path}`, ids) });
    }
  }
  return planned;
}

/** Links name their target by `operationId`, or by `operationRef`: a JSON pointer such as `#/paths/~1pets~1{petId}/get`. */
function linkTargetResolver(planned: PlannedOperation[]): LinkTargetResolver {
  const byOperationId = new Map<string, string>();
  const byPathAndMethod = new Map<string, string>();
  for (const { path, method, operation, id } of planned) {
    const operationId = asString(operation.operationId);
    if (operationId && !byOperationId.has(operationId)) byOperationId.set(operationId, id);
    byPathAndMethod.set(`${method} ${path}`, id);
  }
  return (link) => {
    const operationId = asString(link.operationId);
    if (operationId) return byOperationId.get(operationId);
    const reference = asString(link.operationRef);
    // Only references into this same document can be followed.
    if (!reference?.startsWith('#/')) return undefined;
    const segments = reference
      .slice(2)
      .split('/')
      .map((segment) => percentDecoded(segment).replaceAll('~1', '/').replaceAll('~0', '~'));
    const [root, path, method] = segments;
    return segments.length === 3 && root === 'paths' && path && method ? byPathAndMethod.get(`${method.toLowerCase()} ${path}`) : undefined;
  };
}

function percentDecoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function mediaTypes(value: unknown): string[] {
  const types = asArray(value).filter((type): type is string => typeof type === 'string');
  return types.length > 0 ? types : ['application/json'];
}
