import type { ProxyReport } from '../../../../src/capabilities/mock/engine/proxy-report.js';

/** A proxy run of two requests, one whose answer broke the spec. */
export function notesProxyReport(): ProxyReport {
  return {
    format: 'falcon-proxy-report/1',
    spec: { title: 'Notes', version: '1.0.0', source: 'notes.yaml' },
    target: 'http://127.0.0.1:3000',
    startedAt: '2025-03-04T05:06:07.000Z',
    endedAt: '2025-03-04T05:16:07.000Z',
    exchanges: 2,
    operations: { listNotes: 1, getNote: 1 },
    mismatches: [
      {
        at: '2025-03-04T05:07:00.000Z',
        method: 'GET',
        path: '/notes',
        operationId: 'listNotes',
        status: 200,
        check: 'response_schema_conformance',
        message: '$[0].title: must be string, got 42',
      },
    ],
  };
}
