import type { ReportPlace } from '../../kit/report-face.js';

/** Where the dashboard lists and shows flow runs (`falcon flow run`, run_flow). */
export const FLOW_REPORT_PLACE: ReportPlace = {
  kind: 'flow',
  noun: 'flow',
  section: 'flows',
  nav: 'Flows',
  path: '/flows',
  title: 'Flow runs',
  one: 'Flow run',
  howToRun: '<code>falcon flow run</code>',
  order: 40,
};
