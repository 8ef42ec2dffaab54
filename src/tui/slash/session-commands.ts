import { listSessions } from '../../workspace/session-store.js';
import type { SlashCommand } from './slash-command.js';

export const clearCommand: SlashCommand = {
  name: 'clear',
  description: 'start a new conversation and clear the screen',
  run: (context) => context.openSession(),
};

export const exitCommand: SlashCommand = {
  name: 'exit',
  description: 'leave Falcon (the session is saved)',
  run: async (context) => context.exit(),
};

export const sessionsCommand: SlashCommand = {
  name: 'sessions',
  description: 'list the saved sessions of this project',
  async run(context) {
    const sessions = await listSessions(context.projectRoot);
    const lines = sessions.slice(0, 20).map(({ id, modifiedAt }) => {
      const current = id === context.agent.sessionId ? '  (this session)' : '';
      return `${id}  ${modifiedAt.toLocaleString()}${current}`;
    });
    context.show({
      type: 'output',
      title: `Sessions (${sessions.length})`,
      text: lines.length ? `${lines.join('\n')}\n\n/resume <id> reopens one.` : 'No saved sessions yet.',
      format: 'text',
    });
  },
};

export const resumeCommand: SlashCommand = {
  name: 'resume',
  description: 'reopen a saved session with its transcript',
  usage: '/resume [session-id]',
  async run(context) {
    if (context.args) return context.openSession(context.args);
    const sessions = (await listSessions(context.projectRoot)).filter((s) => s.id !== context.agent.sessionId);
    if (sessions.length === 0) {
      return context.show({ type: 'notice', tone: 'info', text: 'No other saved sessions in this project.' });
    }
    const id = await context.pick({
      title: 'Resume which session?',
      items: sessions.map(({ id, modifiedAt }) => ({ label: id, hint: modifiedAt.toLocaleString(), value: id })),
    });
    if (id) await context.openSession(id);
  },
};
