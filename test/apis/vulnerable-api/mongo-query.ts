/**
 * Whether a document matches a query the way MongoDB's find() would take it: a plain value is
 * compared for equality, an object is read as operators ($ne, $gt, $in, $regex …). This is what
 * a route gets when it passes request values into the query as they came.
 */
export function matchesQuery(document: Record<string, unknown>, query: Record<string, unknown>): boolean {
  return Object.entries(query).every(([field, condition]) => matchesCondition(document[field], condition));
}

function matchesCondition(value: unknown, condition: unknown): boolean {
  if (typeof condition !== 'object' || condition === null || Array.isArray(condition)) return value === condition;
  return Object.entries(condition).every(([operator, operand]) => applyOperator(value, operator, operand));
}

function applyOperator(value: unknown, operator: string, operand: unknown): boolean {
  switch (operator) {
    case '$eq':
      return value === operand;
    case '$ne':
      return value !== operand && !(operand === null && value === undefined);
    case '$gt':
      return compare(value, operand) > 0;
    case '$gte':
      return compare(value, operand) >= 0;
    case '$lt':
      return compare(value, operand) < 0;
    case '$lte':
      return compare(value, operand) <= 0;
    case '$in':
      return Array.isArray(operand) && operand.includes(value);
    case '$nin':
      return Array.isArray(operand) && !operand.includes(value);
    case '$exists':
      return (value !== undefined) === Boolean(operand);
    case '$regex':
      return typeof value === 'string' && typeof operand === 'string' && safeRegExp(operand)?.test(value) === true;
    default:
      return false;
  }
}

/** Like MongoDB, only values of the same type compare; NaN otherwise, which every test above fails. */
function compare(value: unknown, operand: unknown): number {
  if (typeof value === 'string' && typeof operand === 'string') return value < operand ? -1 : value > operand ? 1 : 0;
  if (typeof value === 'number' && typeof operand === 'number') return value - operand;
  return Number.NaN;
}

function safeRegExp(source: string): RegExp | undefined {
  try {
    return new RegExp(source);
  } catch {
    return undefined;
  }
}
