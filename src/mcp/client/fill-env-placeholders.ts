import type { SecretRegistry } from '../../safety/secret-registry.js';

const ENV_PLACEHOLDER = /\{\{\s*env:([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

/**
 * A server's `env` or `headers` with each `{{env:NAME}}` filled in from the process environment.
 * What is filled in is a secret of the session (registered with its variable's name); the settings
 * themselves are never changed, so nothing resolved is written back to a config file. A variable
 * that is not set throws, naming it and where it is used.
 */
export function fillEnvPlaceholders(
  values: Readonly<Record<string, string>>,
  where: 'env' | 'headers',
  env: NodeJS.ProcessEnv,
  secrets: SecretRegistry,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => {
      const filled = value.replace(ENV_PLACEHOLDER, (_placeholder, name: string) => {
        const found = env[name];
        if (found === undefined) throw new Error(`{{env:${name}}} in ${where}.${key} is not set in the environment`);
        secrets.register(found, name);
        return found;
      });
      return [key, filled];
    }),
  );
}
