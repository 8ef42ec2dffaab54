import type { SessionApproval } from '../../agent/approval/permissions/session-approvals.js';
import type { SlashCommand } from './slash-command.js';

/**
 * `/permissions`: the mode, the allow and deny rules in force, and what "always, this session"
 * answers allow; one of those can be taken back, after which what it allowed is asked about again.
 */
export const permissionsCommand: SlashCommand = {
  name: 'permissions',
  description: 'the permission mode, the rules, and what "always" allowed this session (to remove)',
  async run(context) {
    const { agent } = context;
    const approvals = agent.sessionApprovals;
    const { allow, deny } = agent.permissionRules;
    const lines = [
      `Mode: ${agent.permissionMode} (shift+tab changes it)`,
      '',
      'Allowed for this session ("always"):',
      ...(approvals.length ? approvals.map((approval, index) => `  ${index + 1}. ${describeApproval(approval)}`) : ['  nothing yet']),
      '',
      'Allow rules (the config files, and "always" in this project):',
      ...(allow.length ? allow.map((rule) => `  ${rule}`) : ['  none']),
      '',
      'Deny rules:',
      ...(deny.length ? deny.map((rule) => `  ${rule}`) : ['  none']),
    ];
    context.show({ type: 'output', title: 'Permissions', text: lines.join('\n'), format: 'text' });
    if (approvals.length === 0) return;
    const index = await context.pick({
      title: 'Remove an approval of this session? (esc keeps them all)',
      items: approvals.map((approval, position) => ({ label: describeApproval(approval), value: position })),
    });
    if (index === undefined) return;
    const removed = agent.revokeSessionApproval(index);
    if (removed) context.show({ type: 'notice', tone: 'info', text: `Removed ${describeApproval(removed)}: it is asked about again.` });
  },
};

function describeApproval(approval: SessionApproval): string {
  return `${approval.tool}: ${approval.label} (${approval.rules.join(', ')})`;
}
