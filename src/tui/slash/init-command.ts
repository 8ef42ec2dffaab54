import { detectFramework } from '../../workspace/init/detect-framework.js';
import { createFalconLayout } from '../../workspace/init/falcon-layout.js';
import { describeSpec, findSpecs } from '../../workspace/init/find-spec.js';
import { guessBaseUrl } from '../../workspace/init/guess-base-url.js';
import type { SlashCommand } from './slash-command.js';

export const initCommand: SlashCommand = {
  name: 'init',
  description: 'set up .falcon/ for this project (adds only what is missing)',
  async run(context) {
    const { projectRoot } = context;
    const detection = await detectFramework(projectRoot);
    const [baseUrl, [spec]] = await Promise.all([guessBaseUrl(projectRoot, detection.framework), findSpecs(projectRoot)]);
    const layout = await createFalconLayout(projectRoot, {
      framework: detection.framework,
      ...(detection.evidence && { frameworkEvidence: detection.evidence }),
      baseUrl: baseUrl.url,
      ...(spec && { spec: spec.path, specDescription: describeSpec(spec) }),
    });
    const lines = [
      `Framework: ${layout.framework}${detection.evidence ? ` (${detection.evidence})` : ''}`,
      `Base URL: ${layout.baseUrl} (${baseUrl.evidence})`,
      `Spec: ${spec ? describeSpec(spec) : 'none found'}`,
      '',
      ...layout.created.map((file) => `+ ${file}`),
      ...(layout.kept.length ? [`kept ${layout.kept.length} existing file(s) and folder(s) as they were`] : []),
      '',
      'Run `falcon init` in a terminal to choose these yourself.',
    ];
    context.show({ type: 'output', title: 'Init', text: lines.join('\n'), format: 'text' });
  },
};
