import { z } from 'zod';

const ACTIONS = ['bearer', 'basic', 'api_key', 'oauth2', 'parse_jwt'] as const;
const GRANTS = ['client_credentials', 'password', 'refresh_token'] as const;
type Action = (typeof ACTIONS)[number];
type Grant = (typeof GRANTS)[number];

const VARIABLE_NAME = /^[A-Za-z_][\w.-]*$/;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const text = () => z.string().min(1);

export const authSchema = z
  .strictObject({
    action: z.enum(ACTIONS).describe('bearer | basic | api_key: make an auth header; oauth2: get a token; parse_jwt: read a JWT'),
    token: text().optional().describe('bearer, parse_jwt: the token (a {{VAR}} such as {{ACCESS_TOKEN}} works)'),
    username: text().optional().describe('basic, and oauth2 grant "password": the user name'),
    password: z.string().optional().describe('basic, and oauth2 grant "password": the password (use {{env:NAME}} to keep it out of the chat)'),
    key: text().optional().describe('api_key: the API key'),
    header: z.string().regex(HEADER_NAME, 'not a valid header name').optional().describe('api_key: header to send it in (default X-API-Key)'),
    query: text().optional().describe('api_key: query parameter to send it in, instead of a header'),
    grant: z.enum(GRANTS).optional().describe('oauth2: the grant type'),
    token_url: text().optional().describe('oauth2: the token endpoint, e.g. {{BASE_URL}}/oauth/token'),
    client_id: text().optional().describe('oauth2: the client id'),
    client_secret: z.string().optional().describe('oauth2: the client secret, if the client has one'),
    refresh_token: text().optional().describe('oauth2 grant "refresh_token": the refresh token, e.g. {{REFRESH_TOKEN}}'),
    scope: text().optional().describe('oauth2: space-separated scopes to ask for'),
    audience: text().optional().describe('oauth2: the API the token is for (Auth0 and others need it)'),
    client_auth: z
      .enum(['basic', 'body'])
      .optional()
      .describe('oauth2: send the client credentials as a Basic header (default with a secret) or in the form body'),
    save_as: z
      .string()
      .regex(VARIABLE_NAME, 'not a variable name (letters, digits, _ . -)')
      .optional()
      .describe('session variable to save the result as (default AUTH_HEADER for bearer and basic, API_KEY for api_key, ACCESS_TOKEN for oauth2)'),
  })
  .superRefine((args, ctx) => {
    const allowed = new Set([...FIELDS[args.action].required, ...FIELDS[args.action].optional]);
    const required = [...FIELDS[args.action].required, ...(args.action === 'oauth2' && args.grant ? GRANT_FIELDS[args.grant] : [])];
    for (const field of required) {
      if (args[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: `missing (needed by ${needer(args)})` });
    }
    for (const field of Object.keys(args) as Field[]) {
      if (field === 'action' || args[field] === undefined) continue;
      if (!allowed.has(field)) {
        ctx.addIssue({ code: 'custom', path: [field], message: `not used by action "${args.action}"` });
      } else if (args.action === 'oauth2' && GRANT_ONLY.has(field) && args.grant && !GRANT_FIELDS[args.grant].includes(field)) {
        ctx.addIssue({ code: 'custom', path: [field], message: `not used by grant "${args.grant}"` });
      }
    }
    if (args.action === 'api_key' && args.header !== undefined && args.query !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['query'], message: 'give header or query, not both' });
    }
  });

export type AuthArgs = z.infer<typeof authSchema>;
type Field = keyof AuthArgs;

const FIELDS: Record<Action, { required: Field[]; optional: Field[] }> = {
  bearer: { required: ['token'], optional: ['save_as'] },
  basic: { required: ['username', 'password'], optional: ['save_as'] },
  api_key: { required: ['key'], optional: ['header', 'query', 'save_as'] },
  oauth2: {
    required: ['grant', 'token_url', 'client_id'],
    optional: ['client_secret', 'username', 'password', 'refresh_token', 'scope', 'audience', 'client_auth', 'save_as'],
  },
  parse_jwt: { required: ['token'], optional: [] },
};

const GRANT_FIELDS: Record<Grant, Field[]> = {
  client_credentials: [],
  password: ['username', 'password'],
  refresh_token: ['refresh_token'],
};
const GRANT_ONLY = new Set<Field>(['username', 'password', 'refresh_token']);

function needer(args: AuthArgs): string {
  return args.action === 'oauth2' && args.grant ? `oauth2 grant "${args.grant}"` : `action "${args.action}"`;
}
