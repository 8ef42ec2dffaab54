import type { FlowRun } from './engine/flow-run.js';
import { defineFaces } from '../../kit/capability.js';
import { savedFlowCommands } from './slash/saved-flow-commands.js';
import { plural } from '../../kit/page-text.js';
import { checkedReport } from '../../kit/read-report.js';
import { defineReportFace, passedOr } from '../../kit/report-face.js';
import { runFlowTool } from './tools/run-flow.js';
import { flowCommand } from './slash/flow-command.js';
import { FLOW_REPORT_PLACE } from './flow-report-place.js';
import { flowReportSchema } from './flow-report-schema.js';

/** A flow report is told by its steps and its verdict. */
const flowReports = defineReportFace<{ run: FlowRun }>({
  ...FLOW_REPORT_PLACE,
  recognise: (fields) => 'steps' in fields && 'passed' in fields,
  read: (value) => ({ run: checkedReport(flowReportSchema, value, FLOW_REPORT_PLACE.noun) as FlowRun }),
  page: async (fileName, { run }) => (await import('./pages/flow-page.js')).flowPage(fileName, run),
  runTitle: ({ run }) => run.name,
  verdict: ({ run }) => passedOr(run.passed, 'failed'),
  figures: ({ run }) => {
    const passed = run.steps.filter((step) => step.outcome === 'passed').length;
    const failed = run.steps.filter((step) => step.outcome === 'failed').length;
    return `${plural(run.steps.length, 'step')}: ${passed} passed, ${failed} failed`;
  },
  startedAt: ({ run }) => run.startedAt,
});

export const faces = defineFaces({
  tools: [{ place: 'flows, load and security', tool: runFlowTool }],
  slashCommands: [flowCommand],
  projectSlashCommands: savedFlowCommands,
  servedTools: () => [runFlowTool],
  reports: [flowReports],
});
