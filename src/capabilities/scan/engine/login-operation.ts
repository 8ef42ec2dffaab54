import type { JsonSchema, SpecOperation } from '../../../engines/spec/spec-format.js';
import { ScanUsageError } from './scan-usage-error.js';

const LOGIN_PATH = /(^|\/)(log-?in|sign-?in|auth(enticate)?|token|sessions?)(\/|$)/i;
const USERNAME_FIELDS = ['username', 'email', 'login', 'user', 'name'];
const PASSWORD_FIELDS = ['password', 'pass', 'passwd', 'pwd'];

export interface LoginOperation {
  operation: SpecOperation;
  usernameField: string;
  passwordField: string;
}

/**
 * The operation users log in with: the one `--login "POST /auth/login"` names, else a POST whose path
 * says login, sign-in, auth, token or session and whose JSON body has a password field.
 */
export function findLoginOperation(operations: readonly SpecOperation[], named: string | undefined): LoginOperation {
  if (named !== undefined) {
    const match = /^\s*([A-Za-z]+)\s+(\S+)\s*$/.exec(named);
    if (!match) throw new ScanUsageError(`--login "${named}" is not "METHOD /path", e.g. "POST /auth/login"`);
    const operation = operations.find((candidate) => candidate.method === match[1]!.toUpperCase() && candidate.path === match[2]);
    if (!operation) throw new ScanUsageError(`--login "${named}": the spec has no such operation`);
    return withFields(operation);
  }
  const candidates = operations.filter(
    (operation) => operation.method === 'POST' && LOGIN_PATH.test(operation.path) && passwordField(bodySchema(operation)) !== undefined,
  );
  if (candidates.length === 0)
    throw new ScanUsageError(
      '--user needs a login operation and the spec has none that looks like one: name it with --login "POST /auth/login", or give --token NAME:TOKEN',
    );
  return withFields(candidates[0]!);
}

function withFields(operation: SpecOperation): LoginOperation {
  const schema = bodySchema(operation);
  const properties = Object.keys(schema?.properties ?? {});
  return {
    operation,
    usernameField: USERNAME_FIELDS.find((field) => properties.includes(field)) ?? 'username',
    passwordField: passwordField(schema) ?? 'password',
  };
}

function bodySchema(operation: SpecOperation): (JsonSchema & { properties?: Record<string, unknown> }) | undefined {
  const content = operation.requestBody?.content ?? {};
  const json = Object.entries(content).find(([type]) => /json/i.test(type))?.[1];
  return json?.schema as (JsonSchema & { properties?: Record<string, unknown> }) | undefined;
}

function passwordField(schema: (JsonSchema & { properties?: Record<string, unknown> }) | undefined): string | undefined {
  const properties = Object.keys(schema?.properties ?? {});
  return PASSWORD_FIELDS.find((field) => properties.includes(field));
}
