import { SessionStore } from '../../workspace/session-store.js';
import type { SlashCommand } from './session-slash-command.js';

export const forkCommand: SlashCommand = {
  name: 'fork',
  description: 'go on in a new session from the conversation so far, with its checkpoints; this one stays as it is',
  async run(context) {
    const { agent } = context;
    if (agent.busy) return context.show({ type: 'notice', tone: 'warning', text: 'Falcon is working: /fork when the turn has ended.' });
    if ((await agent.sessionRecords()).length === 0)
      return context.show({ type: 'notice', tone: 'info', text: 'Nothing to fork yet: this session has no message.' });
    const original = agent.sessionId;
    const fork = await SessionStore.fork(context.projectRoot, original);
    await agent.checkpoints?.fork(fork.id);
    await context.openSession(fork.id, [
      `A fork of session ${original}: this is session ${fork.id}; the original is left as it was (falcon --resume ${original}).`,
    ]);
  },
};
