import type { SecretRegistry } from '../safety/secret-registry.js';
import type { ToolLookup } from './approval/tool-call-deps.js';

/** Registers the secrets a tool finds in the arguments the model wrote (see Tool.secretArguments), before anything shows or records the call. */
export function registerSecretArguments(tools: ToolLookup, name: string, args: Record<string, unknown>, secrets: SecretRegistry): void {
  for (const secret of tools.get(name)?.secretArguments?.(args) ?? []) {
    if (secret.username === undefined) secrets.register(secret.value, secret.label);
    else secrets.registerBasicPair(secret.username, secret.value, secret.label);
  }
}
