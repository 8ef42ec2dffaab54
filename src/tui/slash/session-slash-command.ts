import type { Agent } from '../../agent/agent.js';
import type { SlashCommand as CapabilitySlashCommand, SlashContext as CapabilitySlashContext } from '../../kit/slash/slash-command.js';

/** The session's own slash commands (/model, /permissions, …) see the whole Agent; a capability's see its `SessionAgent` part. */
export type SlashCommand = CapabilitySlashCommand<Agent>;
export type SlashContext = CapabilitySlashContext<Agent>;
