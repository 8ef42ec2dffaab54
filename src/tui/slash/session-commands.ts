import { summarizeSessions } from '../../workspace/session-summaries.js';
import { SESSIONS_LISTED, sessionFacts, sessionHeadline, sessionPickerItems } from './session-listing.js';
import type { SlashCommand } from './session-slash-command.js';

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
  description: 'list the saved sessions of this project: first message, time, turns',
  async run(context) {
    const sessions = await summarizeSessions(context.projectRoot, SESSIONS_LISTED);
    const now = new Date();
    const listed = sessions.map((session) => {
      const current = session.id === context.agent.sessionId ? ' (this session)' : '';
      return `${sessionHeadline(session)}${current}\n  ${sessionFacts(session, now)} · ${session.id}`;
    });
    context.show({
      type: 'output',
      title: sessions.length === SESSIONS_LISTED ? `Sessions (the latest ${SESSIONS_LISTED})` : `Sessions (${sessions.length})`,
      text: listed.length ? `${listed.join('\n\n')}\n\n/resume picks one to reopen; /resume <id> reopens that one.` : 'No saved sessions yet.',
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
    const sessions = (await summarizeSessions(context.projectRoot, SESSIONS_LISTED + 1))
      .filter((s) => s.id !== context.agent.sessionId)
      .slice(0, SESSIONS_LISTED);
    if (sessions.length === 0) {
      return context.show({ type: 'notice', tone: 'info', text: 'No other saved sessions in this project.' });
    }
    const id = await context.pick({ title: 'Resume which session?', items: sessionPickerItems(sessions, new Date()) });
    if (id) await context.openSession(id);
  },
};
