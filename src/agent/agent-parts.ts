import { AgentEvents } from './agent-events.js';
import type { AgentOptions } from './agent-options.js';
import type { CallGuard } from './approval/call-guard.js';
import { Confirmations } from './approval/confirmations.js';
import { EarlierApprovals } from './approval/earlier-approvals.js';
import { hookScriptFiles } from './approval/hooks/hook-script-files.js';
import { NO_HOOKS } from './approval/hooks/hook-settings.js';
import type { PermissionSettings } from './approval/permissions/permission-policy.js';
import { parsePermissionRules } from './approval/permissions/permission-rule-match.js';
import { ProjectAllowRules } from './approval/project-allow-rules.js';
import { SessionModels } from './session-models.js';
import { fileReadersOf } from './approval/permissions/read-deny.js';

/** What the Agent delegates to: its events on their way out, its models, the guard around its tool calls, its confirmations. */
export interface AgentParts {
  events: AgentEvents;
  models: SessionModels;
  guard: CallGuard;
  confirmations: Confirmations;
}

/**
 * The parts of one Agent, made from its options: the events first, as every other part emits. The
 * mode starts as `options.permissions` says (default `ask`); the guard's rules are the live ones, which
 * "always in this project" answers add to.
 */
export function agentParts(options: AgentOptions): AgentParts {
  const earlier = options.session.loadedRecords.flatMap((record) => (record.kind === 'event' ? [record.event] : []));
  const events = new AgentEvents(options.session, options.secrets, options.priceOf, earlier);
  const { mode = 'ask', allow = [], deny = [], projectRulesApply = true } = options.permissions ?? {};
  const hooks = options.hooks ?? NO_HOOKS;
  const permissions: PermissionSettings = {
    mode,
    allow: parsePermissionRules(allow),
    deny: parsePermissionRules(deny),
    hookFiles: hookScriptFiles(hooks, options.projectRoot),
  };
  const projectRules = new ProjectAllowRules({ projectRoot: options.projectRoot, permissions, projectRulesApply, emit: events.emit });
  return {
    events,
    models: new SessionModels(options.createModel, options.modelRoutes ?? {}, options.modelChoice ?? {}, events.emit),
    guard: { permissions, hooks, sessionId: options.session.id, fileReaders: fileReadersOf(options.tools.list()) },
    confirmations: new Confirmations(new EarlierApprovals(), projectRules),
  };
}
