/**
 * What `falcon spec diff` reports, rule by rule: each kind of change between two versions of a spec
 * with its one severity. A change is breaking when a client written against the old spec fails
 * against the new one: a request it sends is refused (the new spec narrows what requests may hold),
 * or an answer it reads holds what it cannot handle (the new spec widens what responses may hold).
 * A warning is a change that breaks some clients and not others; non-breaking ones are listed too.
 */
export type Severity = 'breaking' | 'warning' | 'non-breaking';

export const SEVERITIES: readonly Severity[] = ['breaking', 'warning', 'non-breaking'];

export interface DiffRule {
  severity: Severity;
  /** One line for the rule list: what the change is. */
  summary: string;
}

/** Where a schema sits: what a client sends, or what it reads. */
export type Direction = 'request' | 'response';

/** Constraints that bound a value (a number, a length, a count) or restrict it (`uniqueItems`, `multipleOf`). */
export const CONSTRAINTS = {
  maximum: 'maximum (or exclusiveMaximum)',
  minimum: 'minimum (or exclusiveMinimum)',
  'max-length': 'maxLength',
  'min-length': 'minLength',
  'max-items': 'maxItems',
  'min-items': 'minItems',
  'max-properties': 'maxProperties',
  'min-properties': 'minProperties',
  'multiple-of': 'multipleOf',
  'unique-items': 'uniqueItems',
} as const;

export type ConstraintName = keyof typeof CONSTRAINTS;

const FIXED_RULES = {
  'operation-removed': { severity: 'breaking', summary: 'an operation is gone' },
  'deprecated-operation-removed': { severity: 'warning', summary: 'an operation that was deprecated is gone' },
  'operation-added': { severity: 'non-breaking', summary: 'a new operation' },
  'operation-deprecated': { severity: 'non-breaking', summary: 'an operation is now deprecated' },
  'operation-id-changed': { severity: 'warning', summary: 'an operationId changed: generated clients name the method after it' },

  'required-parameter-added': { severity: 'breaking', summary: 'a new required query, header or cookie parameter, or a new path parameter' },
  'optional-parameter-added': { severity: 'non-breaking', summary: 'a new optional parameter' },
  'parameter-removed': { severity: 'warning', summary: 'a parameter is gone: clients still send it, and the server ignores or refuses it' },
  'parameter-became-required': { severity: 'breaking', summary: 'an optional parameter is now required' },
  'parameter-became-optional': { severity: 'non-breaking', summary: 'a required parameter is now optional' },
  'path-parameter-renamed': { severity: 'non-breaking', summary: 'a path parameter has a new name (the URL is the same)' },

  'request-body-added-required': { severity: 'breaking', summary: 'an operation that took no body now requires one' },
  'request-body-added-optional': { severity: 'non-breaking', summary: 'an operation that took no body now takes an optional one' },
  'request-body-removed': { severity: 'breaking', summary: 'an operation no longer takes a request body' },
  'request-body-became-required': { severity: 'breaking', summary: 'an optional request body is now required' },
  'request-body-became-optional': { severity: 'non-breaking', summary: 'a required request body is now optional' },
  'request-media-type-removed': { severity: 'breaking', summary: 'a media type of the request body is no longer accepted' },
  'request-media-type-added': { severity: 'non-breaking', summary: 'the request body is accepted in a new media type' },

  'request-type-changed': { severity: 'breaking', summary: 'a value sent has a type the old spec did not allow, or loses one it allowed' },
  'request-type-widened': { severity: 'non-breaking', summary: 'a value sent may have more types (integer → number, a type added)' },
  'request-became-not-nullable': { severity: 'breaking', summary: 'null is no longer accepted for a value sent' },
  'request-became-nullable': { severity: 'non-breaking', summary: 'null is now accepted for a value sent' },
  'request-format-changed': { severity: 'breaking', summary: 'a value sent has a format set or changed (uuid, date-time, int32 …)' },
  'request-format-widened': { severity: 'non-breaking', summary: 'a value sent has its format removed or widened (int32 → int64)' },
  'request-enum-value-removed': { severity: 'breaking', summary: 'an enum value a client may send is no longer accepted' },
  'request-enum-value-added': { severity: 'non-breaking', summary: 'an enum of a value sent has new values' },
  'request-became-enum': { severity: 'breaking', summary: 'a value sent is now limited to an enum (or a const)' },
  'request-enum-dropped': { severity: 'non-breaking', summary: 'a value sent is no longer limited to an enum' },
  'request-pattern-added': { severity: 'breaking', summary: 'a string sent must now match a pattern' },
  'request-pattern-changed': { severity: 'warning', summary: 'a string sent must match another pattern (whether it is narrower cannot be told)' },
  'request-pattern-removed': { severity: 'non-breaking', summary: 'a string sent no longer has to match a pattern' },
  'request-default-changed': {
    severity: 'warning',
    summary: 'the default of a value sent changed or is gone: clients that leave it out get another behaviour',
  },
  'request-required-property-added': { severity: 'breaking', summary: 'a request body has a new required property' },
  'request-optional-property-added': { severity: 'non-breaking', summary: 'a request body has a new optional property' },
  'request-property-removed': { severity: 'warning', summary: 'a request property is gone: clients still send it, and the server ignores or refuses it' },
  'request-property-became-required': { severity: 'breaking', summary: 'an optional request property is now required' },
  'request-property-became-optional': { severity: 'non-breaking', summary: 'a required request property is now optional' },
  'request-additional-properties-refused': { severity: 'breaking', summary: 'an object sent may no longer hold properties the spec does not name' },
  'request-additional-properties-allowed': { severity: 'non-breaking', summary: 'an object sent may now hold properties the spec does not name' },
  'request-variant-removed': { severity: 'breaking', summary: 'a oneOf/anyOf alternative of a value sent is gone' },
  'request-variant-added': { severity: 'non-breaking', summary: 'a value sent has a new oneOf/anyOf alternative' },

  'response-type-changed': { severity: 'breaking', summary: 'a value returned may have a type the old spec did not allow' },
  'response-type-narrowed': { severity: 'non-breaking', summary: 'a value returned has fewer possible types (number → integer)' },
  'response-became-nullable': { severity: 'breaking', summary: 'a value returned may now be null' },
  'response-became-not-nullable': { severity: 'non-breaking', summary: 'a value returned is never null any more' },
  'response-format-changed': { severity: 'breaking', summary: 'a value returned has another or a wider format (int32 → int64)' },
  'response-format-removed': { severity: 'warning', summary: 'a value returned no longer declares its format: clients that parse it may fail' },
  'response-format-narrowed': { severity: 'non-breaking', summary: 'a value returned has a format set or narrowed' },
  'response-enum-value-added': { severity: 'warning', summary: 'a value returned has new enum values that clients may not handle' },
  'response-enum-value-removed': { severity: 'non-breaking', summary: 'a value returned has fewer enum values' },
  'response-enum-dropped': { severity: 'warning', summary: 'a value returned is no longer limited to an enum' },
  'response-became-enum': { severity: 'non-breaking', summary: 'a value returned is now limited to an enum' },
  'response-pattern-removed': { severity: 'warning', summary: 'a string returned no longer matches a declared pattern' },
  'response-pattern-changed': { severity: 'warning', summary: 'a string returned matches another pattern' },
  'response-pattern-added': { severity: 'non-breaking', summary: 'a string returned now matches a pattern' },
  'response-required-property-removed': { severity: 'breaking', summary: 'a property every answer had is gone' },
  'response-optional-property-removed': { severity: 'warning', summary: 'an optional property of the answers is gone' },
  'response-property-added': { severity: 'non-breaking', summary: 'the answers have a new property' },
  'response-property-became-optional': { severity: 'breaking', summary: 'a property every answer had may now be missing' },
  'response-property-became-required': { severity: 'non-breaking', summary: 'an optional property of the answers is now always there' },
  'response-variant-added': { severity: 'breaking', summary: 'a value returned has a new oneOf/anyOf alternative that clients do not know' },
  'response-variant-removed': { severity: 'non-breaking', summary: 'a oneOf/anyOf alternative of a value returned is gone' },

  'response-success-status-removed': { severity: 'breaking', summary: 'a 2xx or 3xx status an operation answered with is gone' },
  'response-error-status-removed': { severity: 'warning', summary: 'a 4xx, 5xx or default response is gone' },
  'response-status-added': { severity: 'non-breaking', summary: 'an operation has a new documented status' },
  'response-media-type-removed': { severity: 'breaking', summary: 'a media type an answer came in is gone' },
  'response-media-type-added': { severity: 'non-breaking', summary: 'an answer comes in a new media type too' },
  'response-required-header-removed': { severity: 'breaking', summary: 'a required response header is gone' },
  'response-optional-header-removed': { severity: 'warning', summary: 'an optional response header is gone' },
  'response-header-added': { severity: 'non-breaking', summary: 'a new response header' },
  'response-header-became-optional': { severity: 'breaking', summary: 'a required response header may now be missing' },
  'response-header-became-required': { severity: 'non-breaking', summary: 'an optional response header is now always sent' },

  'security-added': { severity: 'breaking', summary: 'an operation anyone could call now needs authentication' },
  'security-removed': { severity: 'non-breaking', summary: 'an operation that needed authentication can now be called without' },
  'security-alternative-removed': { severity: 'breaking', summary: 'a way to authenticate an operation accepted is no longer accepted' },
  'security-alternative-added': { severity: 'non-breaking', summary: 'an operation accepts another way to authenticate' },
  'security-scope-added': { severity: 'breaking', summary: 'an operation needs an OAuth scope more' },
  'security-scope-removed': { severity: 'non-breaking', summary: 'an operation needs an OAuth scope less' },
  'security-scheme-changed': { severity: 'breaking', summary: 'a security scheme operations use changed its kind, header, query or cookie name' },

  'server-removed': { severity: 'warning', summary: 'a server URL (or Swagger host and basePath) is no longer listed' },
} as const satisfies Record<string, DiffRule>;

type ConstraintRuleId = `${Direction}-${ConstraintName}-${'narrowed' | 'widened'}`;

export type RuleId = keyof typeof FIXED_RULES | ConstraintRuleId;

/** Each constraint has four rules: narrowed or widened, in a request or a response. */
function constraintRules(): Record<ConstraintRuleId, DiffRule> {
  const rules = {} as Record<ConstraintRuleId, DiffRule>;
  for (const [name, keyword] of Object.entries(CONSTRAINTS) as [ConstraintName, string][]) {
    rules[`request-${name}-narrowed`] = { severity: 'breaking', summary: `${keyword} of a value sent set or tightened` };
    rules[`request-${name}-widened`] = { severity: 'non-breaking', summary: `${keyword} of a value sent removed or loosened` };
    rules[`response-${name}-widened`] = { severity: 'breaking', summary: `${keyword} of a value returned removed or loosened` };
    rules[`response-${name}-narrowed`] = { severity: 'non-breaking', summary: `${keyword} of a value returned set or tightened` };
  }
  return rules;
}

/** Every rule, by id, in the order the rule list shows them. */
export const DIFF_RULES: Readonly<Record<RuleId, DiffRule>> = { ...FIXED_RULES, ...constraintRules() };

export const RULE_IDS = Object.keys(DIFF_RULES) as RuleId[];
