import type { HttpResponse } from '../../http/send-request.js';
import type { FalconSpec, SpecOperation, SpecResponse } from '../../spec/spec-format.js';
import type { SpecSchemaValidator } from '../spec-schema/spec-schema-validator.js';
import type { TestCase } from '../test-case.js';
import type { FilledReference, RecordedRequest } from '../sent-request.js';

/** What the checks read of a response: the whole body, not the copy cut for the report. */
export type CheckedResponse = Pick<HttpResponse, 'status' | 'statusText' | 'headers' | 'body' | 'durationMs'> &
  Partial<Pick<HttpResponse, 'bodyTruncated' | 'binary'>>;

/** The response the spec documents for a status, under the key that matched (`200`, `2XX`, `default`). */
export interface DocumentedResponse {
  status: string;
  response: SpecResponse;
}

export interface CheckContext {
  testCase: TestCase;
  response: CheckedResponse;
  /** The spec operation the case exercises; absent without a spec or an operationId the spec has. */
  operation?: SpecOperation;
  /** The documented response the status selects; absent when the status is not documented. */
  documented?: DocumentedResponse;
  maxResponseTimeMs?: number;
  /** For the checks that validate against the spec's schemas; absent when none of them is on. */
  schemas?: SpecSchemaValidator;
  /** A chain step: the status each earlier step of its chain answered with, by case id. */
  earlier?: ReadonlyMap<string, number>;
  /** The request as it went out (masked), and the references filled in it: the values a finding may name. */
  sent?: SentRequest;
  /** The spec the run tests, for the checks that read schemas of other operations than the case's. */
  spec?: FalconSpec;
  /** The JSON body the case sent, its placeholders filled; absent when it sent none, or not JSON. */
  sentBody?: unknown;
  /** A chain step: the earlier steps of its chain that sent a JSON body and were answered 2xx, in order. */
  writes?: readonly SentWrite[];
  /** A write with a `readBack` that succeeded: the read of the same object sent after it. */
  readBack?: ReadBack;
  /** A pagination_consistency probe: the pages its walk read, given with its first page's response. */
  walk?: WalkedPages;
}

export interface SentRequest {
  request: RecordedRequest;
  references?: FilledReference[];
}

/** An earlier step of a chain that wrote: what it sent, as write_read_consistency compares it. */
export interface SentWrite {
  testCase: TestCase;
  /** `step 1 (createPet)`. */
  label: string;
  body: unknown;
  /** Its spec operation, for the schema of what it sent. */
  operation?: SpecOperation;
}

/** The response to a write's read back, with what the spec documents of it. */
export interface ReadBack {
  response: CheckedResponse;
  operation?: SpecOperation;
  documented?: DocumentedResponse;
}

/** The pages of a walk, in the order read, and how the walk ended. */
export interface WalkedPages {
  pages: WalkedPage[];
  /** `end`: a page said it was the last; `page-limit`: it stopped at its most pages; `stopped`: a page could not be read on from. */
  ended: 'end' | 'page-limit' | 'stopped';
}

export interface WalkedPage {
  /** 1 for the first page. */
  number: number;
  response: CheckedResponse;
  /** The page asked for after the last one, which should hold nothing. */
  pastEnd?: true;
}

/**
 * A check of `falcon test`, declared in one file: its name (the findings' `kind`, `--checks`), which
 * responses it can judge, and `judge`: the evidence of each finding it makes, none when it holds.
 */
export interface SpecTestCheck<Name extends string = string> {
  name: Name;
  /** What it needs besides a response: the spec's operation, its schemas compiled too, or a time limit set. */
  needs?: 'spec' | 'schemas' | 'time-limit';
  /** A GraphQL check: it judges the GraphQL cases alone, and they are judged by the GraphQL checks alone (checks-for-case.ts). */
  api?: 'graphql';
  /** It judges every response, a probe's included (a probe is otherwise judged by its own check only). */
  judgesProbes?: true;
  judge(context: CheckContext): string[] | Promise<string[]>;
}

/** Keeps the check's name as its literal type, so `CheckName` is the names the list declares. */
export function defineSpecCheck<const Name extends string>(check: SpecTestCheck<Name>): SpecTestCheck<Name> {
  return check;
}

/** A header's value, any case of its name; repeated headers joined as one list. */
export function responseHeader(response: CheckedResponse, name: string): string | undefined {
  const wanted = name.toLowerCase();
  const values = Object.entries(response.headers).flatMap(([key, value]) => (key.toLowerCase() === wanted ? ([] as string[]).concat(value) : []));
  return values.length > 0 ? values.join(', ') : undefined;
}

/** `getPet 200`: the operation and the documented status a message is about. */
export function documentedLabel(operation: SpecOperation, documented: DocumentedResponse): string {
  return `${operation.id} ${documented.status}`;
}
