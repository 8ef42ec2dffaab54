import type { SpecOperation } from '../../../spec/spec-format.js';
import { operationWords } from './operation-words.js';

const READ_WORD = /\b(list|search|find|query|get|read|view|show|report|preview|validate|check|count|look ?up|lookup|stats)\b/i;

/** A POST (or other write) whose operationId or summary says it only reads: `searchUsers`, `lookUpOrder`, `validateCoupon`. */
export function readsByName(operation: SpecOperation): boolean {
  return READ_WORD.test(operationWords(operation));
}
