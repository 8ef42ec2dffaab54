import { z } from 'zod';
import { ALL_CHECKS, RULE_NAMES } from '../engine/checks/all-checks.js';
import { maskText } from '../../../safety/mask-text.js';
import { ToolError, defineTool } from '../../../kit/tool/tool.js';

const credential = z.string().regex(/^[^:\s]+:.+$/, 'a "name:secret" string');

const schema = z.strictObject({
  base_url: z.string().min(1).optional().describe("where the API is (default: the environment's BASE_URL, else the spec's server)"),
  spec: z.string().min(1).optional().describe('an OpenAPI/Swagger/Postman file or URL (default .falcon/spec.yaml)'),
  graphql: z.string().min(1).optional().describe('a GraphQL endpoint URL to scan instead of a REST API (users by tokens)'),
  graphql_schema: z.string().min(1).optional().describe("the endpoint's SDL file, when it refuses introspection"),
  users: z.array(credential).optional().describe('users to log in as, "name:password" (e.g. "alice:{{env:ALICE_PW}}"); two for checks between users'),
  tokens: z.array(credential).optional().describe('users given by bearer token, "name:token"'),
  login: z.string().min(1).optional().describe('the login operation, "POST /auth/login", when not found by its path'),
  checks: z.array(z.enum(RULE_NAMES)).min(1).optional().describe('rules to run (default all)'),
  allow_destructive: z.boolean().optional().describe("also DELETE and change data other than the scanning users' own (default false)"),
});

// Every call is approved first (scanPreview): a scan sends hostile requests to a server.
export const scanSecurityTool = defineTool({
  name: 'scan_security',
  description: 'Security scan (OWASP API Top 10: BOLA, auth, injection, SSRF…) of a REST or GraphQL API, each finding proven by a response.',
  schema,
  kind: 'network',
  callLimit: 2,
  async preview(args, ctx) {
    const { scanPreview } = await import('./scan-preview.js');
    return scanPreview(args, ctx);
  },
  async run(args, ctx) {
    const [{ runScan }, { TargetUnreachableError }, { writeProjectScanReport }, { scanSummaryLines }] = await Promise.all([
      import('../engine/run-scan.js'),
      import('../../../engines/http/target-unreachable-error.js'),
      import('../engine/report/write-scan-report.js'),
      import('../engine/report/scan-summary.js'),
    ]);
    const mask = (text: string): string => maskText(text, { secrets: ctx.secrets });
    let checked = 0;
    const result = await runScan(
      {
        projectRoot: ctx.projectRoot,
        spec: args.spec,
        baseUrl: args.base_url,
        graphql: args.graphql,
        graphqlSchema: args.graphql_schema,
        variables: ctx.variables,
        secrets: ctx.secrets,
        users: args.users,
        tokens: args.tokens,
        login: args.login,
        checks: args.checks,
        allowDestructive: args.allow_destructive,
        signal: ctx.signal,
        onCheck: (rule, index, total) => {
          checked = index;
          ctx.progress(`check ${index + 1} of ${total}: ${rule}`);
        },
      },
      ALL_CHECKS,
    ).catch((error: unknown) => {
      if (error instanceof TargetUnreachableError) throw new ToolError(mask(`${error.message} — nothing was sent.`));
      // No spec, no base URL, a login that fails: the engine names the command's options; the model knows the arguments.
      if (error instanceof Error) throw new ToolError(mask(argumentNames(error.message)));
      throw error;
    });
    const report = await writeProjectScanReport(result, { projectRoot: ctx.projectRoot, name: result.spec });
    const stopped = result.interrupted ? [`Stopped after ${checked} check${checked === 1 ? '' : 's'} (cancelled): the checks after it did not run.`] : [];
    return mask([...scanSummaryLines(result), ...stopped, `Report: ${report} (each finding with its evidence, curl line and remediation)`].join('\n'));
  },
});

function argumentNames(message: string): string {
  return message
    .replace(/--user\b/g, 'users')
    .replace(/--token\b/g, 'tokens')
    .replace(/--base-url\b/g, 'base_url')
    .replace(/--graphql-schema\b/g, 'graphql_schema')
    .replace(/--graphql\b/g, 'graphql')
    .replace(/--allow-destructive\b/g, 'allow_destructive')
    .replace(/--(spec|login|checks)\b/g, '$1');
}
