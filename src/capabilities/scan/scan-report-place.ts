import type { ReportPlace } from '../../kit/report-face.js';

/** Where the dashboard lists and shows security scans (`falcon scan`, scan_security). */
export const SCAN_REPORT_PLACE: ReportPlace = {
  kind: 'scan',
  noun: 'scan',
  section: 'security',
  nav: 'Security',
  path: '/security',
  title: 'Security scans',
  one: 'Security scan',
  howToRun: '<code>falcon scan</code>',
  order: 30,
};
