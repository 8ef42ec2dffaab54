/**
 * What of the spec a `falcon test` run exercised, per operation, from the requests it sent and the
 * statuses they got (coverage-recorder.ts). Each item is one thing the spec documents, `seen` when
 * some request of the run showed it; the figures (coverage-figures.ts) count them.
 */
export interface RunCoverage {
  /** The operations the run was about (after --include/--exclude, in its shard), in the spec's order: what the figures count. */
  operations: OperationCoverage[];
  /**
   * Operations beyond the run's scope that its requests reached (a chain's later step on another
   * shard's operation): kept so that merged shards count what each saw, never counted here.
   */
  reached?: OperationCoverage[];
}

export interface OperationCoverage {
  /** The operationId. */
  operation: string;
  method: string;
  /** The path template: `/pets/{petId}`. */
  path: string;
  /** Each documented response: its key as the spec writes it (`200`, `4XX`, `default`). */
  responses: ResponseCoverage[];
  /** Statuses the operation answered that it does not document: findings of status_code_conformance, not coverage. */
  undocumented: number[];
  parameters: ParameterCoverage[];
  /** Each optional property of the request body, as a path: `tag`, `owner.name`, `lines[].note`. */
  bodyProperties: PropertyCoverage[];
}

export interface ResponseCoverage {
  status: string;
  seen: boolean;
}

export const PARAMETER_LOCATIONS = ['path', 'query', 'header', 'cookie'] as const;
export type ParameterLocation = (typeof PARAMETER_LOCATIONS)[number];

/** `present` and `absent` are counted for an optional parameter, `value` for each value of its enum. */
export const PARAMETER_ITEMS = ['present', 'absent', 'value'] as const;
export type ParameterItem = (typeof PARAMETER_ITEMS)[number];

export interface ParameterCoverage {
  name: string;
  in: ParameterLocation;
  item: ParameterItem;
  /** The enum value, for a `value` item. */
  value?: string | number | boolean;
  seen: boolean;
}

export interface PropertyCoverage {
  property: string;
  seen: boolean;
}
