import type { ReportPlace } from '../../kit/report-face.js';

/** Where the dashboard lists and shows load runs (`falcon perf`, run_performance). */
export const LOAD_REPORT_PLACE: ReportPlace = {
  kind: 'perf',
  noun: 'load',
  section: 'load',
  nav: 'Load runs',
  path: '/load',
  title: 'Load runs',
  one: 'Load run',
  howToRun: '<code>falcon perf</code>',
  order: 20,
};
