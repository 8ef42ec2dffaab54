import type { SlashCommand } from './session-slash-command.js';

export const compactCommand: SlashCommand = {
  name: 'compact',
  description: 'replace the older conversation with a checkpoint, to free the model’s context',
  async run(context) {
    const { agent } = context;
    if (agent.busy) {
      context.show({ type: 'notice', tone: 'warning', text: 'Falcon is working; /compact when the turn has ended.' });
      return;
    }
    context.show({ type: 'notice', tone: 'info', text: 'Compacting the conversation…' });
    try {
      const compaction = await agent.compact();
      if (!compaction) context.show({ type: 'notice', tone: 'info', text: 'The conversation is too short to compact.' });
    } catch (error) {
      context.show({ type: 'notice', tone: 'error', text: `Could not compact: ${(error as Error).message}` });
    }
  },
};
