// Apart from value-expectation.ts so that assert_response's schema can list them without loading the engine.

export const OPERATORS = ['equals', 'exists', 'type', 'gt', 'lt', 'gte', 'lte', 'contains', 'length', 'matches'] as const;
export type Operator = (typeof OPERATORS)[number];
