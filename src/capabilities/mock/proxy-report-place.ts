import type { ReportPlace } from '../../kit/report-face.js';

/** Where the dashboard lists and shows proxy reports (`falcon proxy`). */
export const PROXY_REPORT_PLACE: ReportPlace = {
  kind: 'proxy',
  noun: 'proxy',
  section: 'proxy',
  nav: 'Proxy reports',
  path: '/proxy',
  title: 'Proxy reports',
  one: 'Proxy report',
  howToRun: '<code>falcon proxy</code>',
  order: 50,
};
