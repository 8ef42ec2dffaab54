import type { FalconSpec } from '../../spec/spec-format.js';
import { paginatedList } from '../pagination/paginated-list.js';
import { referenceSlots } from '../references/reference-slots.js';
import type { PageStep } from '../pagination/page-walk.js';
import type { TestCase } from '../test-case.js';
import type { CaseIds } from './case-ids.js';
import type { ChainableOperation } from './chain-step.js';
import { operationLabel } from './operation-case.js';
import { caseRequest, type RequestValues } from './request-values.js';

/**
 * pagination_consistency's probe of each paginated list (pagination/paginated-list.ts): its first
 * page, from its valid request less the optional query parameters that would narrow the list
 * (filters, a cursor), with the page number or offset to start at and a small page size (the walk
 * takes larger pages when the list says it is long: pagination/walk-pages.ts).
 */
export function walkProbes(operations: readonly ChainableOperation[], spec: FalconSpec, ids: CaseIds): TestCase[] {
  return operations.flatMap(({ operation, values }): TestCase[] => {
    const list = paginatedList(operation, spec);
    if (!list) return [];
    const kept: RequestValues = {
      ...values,
      parameters: values.parameters.filter(({ parameter }) => parameter.in !== 'query' || (parameter.required && !list.paging.has(parameter.name))),
    };
    const request = caseRequest(operation, kept, spec);
    request.query = { ...request.query, ...list.firstPage };
    // A list below another resource (`/owners/{ownerId}/pets`) is walked under one the API has.
    const references = referenceSlots(kept, spec);
    return [
      {
        id: ids.next(operation.id, 'probe', 'walk-pages'),
        name: `${operationLabel(operation)} walked page by page (${stepWords(list.walk.step)})`,
        kind: 'probe',
        operationId: operation.id,
        tags: [...operation.tags],
        request,
        probe: 'pagination_consistency',
        walk: list.walk,
        ...(references.length > 0 && { references }),
      },
    ];
  });
}

function stepWords(step: PageStep): string {
  switch (step.by) {
    case 'page':
      return `${step.parameter} from ${step.first}`;
    case 'offset':
      return `${step.parameter} from 0`;
    case 'cursor':
      return step.from === 'last-item' ? `${step.parameter} the last item` : `${step.parameter} from each page`;
    case 'link':
      return 'the Link header';
  }
}
