import type { ReportPlace } from '../../kit/report-face.js';

/** Where the dashboard lists and shows test runs (`falcon test`, and the agent's test tools). */
export const TEST_REPORT_PLACE: ReportPlace = {
  kind: 'test',
  noun: 'test',
  section: 'tests',
  nav: 'Test runs',
  path: '/tests',
  title: 'Test runs',
  one: 'Test run',
  howToRun: '<code>falcon test</code>',
  order: 10,
};
