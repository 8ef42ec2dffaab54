import type { ParamMap } from '../http/prepare-request.js';
import type { PageWalk } from './pagination/page-walk.js';

/**
 * Where a case came from: generated from the spec (`happy`, `negative`, `boundary`, `stateful`,
 * `fuzz`), made for one check (`probe`: see TestCase.probe), a smoke probe, a row of a data file, or written
 * by hand / by the model (`custom`).
 */
export type CaseKind = 'smoke' | 'happy' | 'negative' | 'boundary' | 'stateful' | 'fuzz' | 'probe' | 'data' | 'custom';

/** The checks that send requests of their own: `probe` cases made for them alone. */
export type ProbeCheck = 'ignored_auth' | 'unsupported_method' | 'pagination_consistency';

/** A request relative to the base URL the run is given. */
export interface CaseRequest {
  /** Upper case. */
  method: string;
  /** Path template relative to the base URL: `/pets/{petId}`; `{name}` is filled from `pathParams`. */
  path: string;
  pathParams?: Record<string, string | number | boolean>;
  query?: ParamMap;
  headers?: Record<string, string>;
  /** A JSON value, or the exact text for a non-JSON `contentType` (or when `bodyIsText`). */
  body?: unknown;
  /** `body` is the exact text to send though `contentType` is JSON: text no JSON value makes (`{"count":+1}`), which a lax parser reads. */
  bodyIsText?: boolean;
  /** The media type of `body`; `application/json` when absent and a body is given. */
  contentType?: string;
  /** For a multipart/form-data body (an object of fields): the fields sent as files, with their file name and type. */
  files?: Record<string, { filename: string; contentType?: string }>;
  /**
   * Credentials this request goes without (ignored_auth probes): headers of these names are not
   * taken from the run's headers (`-H`), and cookies of these names are taken out of its `Cookie`.
   */
  withoutCredentials?: { headers?: string[]; cookies?: string[] };
}

/**
 * One request and what its response must satisfy. Any string in `request` may hold `{{name}}`
 * placeholders: values extracted by earlier steps of the same chain first, then the run's variables
 * (session, environment, global, `{{env:NAME}}`).
 */
export interface TestCase {
  /** Unique within a suite and stable between generations: `createPet/negative/name-wrong-type`. */
  id: string;
  /** One line a person reads in a report: `POST /pets without required "name"`. */
  name: string;
  kind: CaseKind;
  /** The spec operation it exercises, when there is one. */
  operationId?: string;
  tags: string[];
  request: CaseRequest;
  /** Negative and boundary cases: what was changed from a valid request, in words. */
  mutation?: string;
  /** Negative cases: the request is invalid by the spec, so a 2xx answer is a finding. */
  expectRejection?: boolean;
  /**
   * A negative case whose value a lax validator takes by mistake: its kind and the value as sent
   * (`email without TLD 'a@b'`), which a finding of negative_data_rejection names.
   */
  nearMiss?: string;
  /** Statuses that count as a pass for this case, when it says (data rows, hand-written cases). */
  expectStatus?: number[];
  /** Values to take from the response for later steps of its chain: name → JSONPath (`$.id`). */
  extract?: Record<string, string>;
  /**
   * Cases with the same chain id run in `step` order, one after the other, sharing extracted
   * values; when a step fails or cannot be sent, the later steps are skipped with the reason.
   */
  chain?: { id: string; step: number };
  /**
   * A `probe` case: the check it was made for, which alone judges it (with not_a_server_error and
   * max_response_time); the spec's checks do not, as the request is not one the operation documents.
   */
  probe?: ProbeCheck;
  /**
   * A chain step on the resource an earlier step of its chain (`by`, a case id) `created` (it must
   * be found: ensure_resource_availability) or `deleted` (it must be gone: delete_effective for a
   * read, use_after_free for a change).
   */
  resource?: { state: 'created' | 'deleted'; by: string };
  /**
   * A chain's write (PUT, PATCH) on the resource it created: once it answers 2xx, this read of the
   * same object is sent too, and both must hold what it sent (write_read_consistency).
   */
  readBack?: { operationId: string; request: CaseRequest };
  /** A pagination_consistency probe: its request is the first page of a list walked to its end (pagination/page-walk.ts). */
  walk?: PageWalk;
  /**
   * A `fuzz` case as generated: instead of sending `request` (a valid request, whose path
   * parameters and headers it keeps), send `runs` inputs drawn with fast-check from `seed` over the
   * operation's schemas and just outside them, and shrink a failing one (see fuzz/run-fuzz-case.ts).
   */
  fuzz?: { runs: number; seed: number };
  /**
   * Where the request names something the API holds and still sends the generated value: the run
   * fills these from what the API returned earlier, or from `--seed-data` (references/).
   */
  references?: ReferenceSlot[];
  /** A GraphQL case (graphql/graphql-cases.ts): its request posts one operation, and the GraphQL checks judge it. */
  graphql?: GraphQLCaseFacts;
}

/** What a GraphQL case asks: the root field of a query or mutation. */
export interface GraphQLCaseFacts {
  kind: 'query' | 'mutation';
  field: string;
  /** Sent without the run's credentials, to see whether the operation answers anyway (a missing_auth warning). */
  withoutCredentials?: true;
}

/**
 * A place in a request that names something the API holds: a path parameter, or a body field
 * named like a reference (`customerId`, `customer_id`, `{"customer": {"id": …}}`).
 */
export interface ReferenceSlot {
  in: 'path' | 'body';
  /** The path parameter's name, or the body field's own key. */
  name: string;
  /** A body field: its keys and array indexes from the body's root. */
  field?: Array<string | number>;
  /** A body field that repeats a path parameter (`PUT /customers/{customerId}` with `{"id": …}`): it takes that parameter's value. */
  sameAs?: string;
}
