import type { Severity } from '../../severity.js';

/** A path APIs expose by mistake: debug and admin pages, secrets files, docs, framework internals. */
export interface ExposedPath {
  path: string;
  /** What answers there, in words: `an environment file`. */
  what: string;
  severity: Severity;
  /** What its content shows when it is what the path says; without it, any content but the catch-all's will do. */
  content?: RegExp;
  /** Probed only when this other path was not found (`/admin/` after `/admin`). */
  unless?: string;
  /** A file or endpoint of settings: secrets found in its answer make the finding high. */
  mayHoldSecrets?: boolean;
}

const API_DOCUMENT = /["']?\b(?:openapi|swagger)\b["']?\s*:/;

/** In the order probed. */
export const EXPOSED_PATHS: readonly ExposedPath[] = [
  { path: '/.env', what: 'an environment file', severity: 'high', content: /^\s*(?:export\s+)?[A-Za-z_][A-Za-z0-9_]*\s*=/m, mayHoldSecrets: true },
  { path: '/.env.production', what: 'an environment file', severity: 'high', content: /^\s*(?:export\s+)?[A-Za-z_][A-Za-z0-9_]*\s*=/m, mayHoldSecrets: true },
  { path: '/.git/config', what: "the Git repository's config", severity: 'high', content: /^\s*\[core\]/m, mayHoldSecrets: true },
  { path: '/.git/HEAD', what: 'the Git repository', severity: 'high', content: /^ref: refs\//m },
  { path: '/.aws/credentials', what: 'AWS credentials', severity: 'high', content: /aws_access_key_id/i, mayHoldSecrets: true },
  { path: '/backup.zip', what: 'a backup archive', severity: 'high', content: /^PK\u0003\u0004/ },
  { path: '/backup.sql', what: 'a database dump', severity: 'high', content: /\b(?:CREATE TABLE|INSERT INTO)\b/i },
  { path: '/actuator/env', what: "Spring Boot's environment", severity: 'medium', content: /propertySources|activeProfiles/, mayHoldSecrets: true },
  { path: '/env', what: 'the environment variables', severity: 'medium', mayHoldSecrets: true },
  { path: '/config.json', what: 'a configuration file', severity: 'medium', content: /^\s*\{/, mayHoldSecrets: true },
  { path: '/appsettings.json', what: 'a .NET configuration file', severity: 'medium', content: /^\s*\{/, mayHoldSecrets: true },
  { path: '/web.config', what: 'an IIS configuration file', severity: 'medium', content: /<configuration/, mayHoldSecrets: true },
  { path: '/admin', what: 'an admin page', severity: 'medium' },
  { path: '/admin/', what: 'an admin page', severity: 'medium', unless: '/admin' },
  { path: '/debug', what: 'a debug endpoint', severity: 'medium' },
  { path: '/_debug', what: 'a debug endpoint', severity: 'medium' },
  { path: '/debug/vars', what: "Go's expvar variables", severity: 'medium', content: /memstats|cmdline/ },
  { path: '/debug/pprof', what: "Go's profiler", severity: 'medium', content: /profile/i },
  { path: '/debug/pprof/', what: "Go's profiler", severity: 'medium', content: /profile/i, unless: '/debug/pprof' },
  { path: '/actuator', what: "Spring Boot's actuator", severity: 'medium', content: /_links/ },
  { path: '/actuator/configprops', what: "Spring Boot's configuration properties", severity: 'medium', mayHoldSecrets: true },
  { path: '/actuator/mappings', what: "Spring Boot's route mappings", severity: 'medium' },
  { path: '/console', what: 'a console', severity: 'medium' },
  { path: '/h2-console', what: 'the H2 database console', severity: 'medium' },
  { path: '/server-status', what: "Apache's server status", severity: 'medium', content: /Server Status|Apache/i },
  { path: '/phpinfo.php', what: 'phpinfo()', severity: 'medium', content: /phpinfo|PHP Version/i },
  { path: '/jolokia', what: 'the Jolokia JMX bridge', severity: 'medium' },
  { path: '/elmah.axd', what: "ELMAH's error log", severity: 'medium' },
  { path: '/internal', what: 'an internal endpoint', severity: 'medium' },
  { path: '/metrics', what: 'metrics', severity: 'low' },
  { path: '/.DS_Store', what: "a macOS folder index (the folder's file names)", severity: 'low', content: /Bud1/ },
  { path: '/package.json', what: "the app's package.json (its dependencies and versions)", severity: 'low', content: /"(?:dependencies|scripts)"\s*:/ },
  { path: '/graphiql', what: 'the GraphiQL console', severity: 'low' },
  { path: '/swagger.json', what: 'an API document', severity: 'info', content: API_DOCUMENT },
  { path: '/openapi.json', what: 'an API document', severity: 'info', content: API_DOCUMENT },
  { path: '/swagger.yaml', what: 'an API document', severity: 'info', content: API_DOCUMENT },
  { path: '/openapi.yaml', what: 'an API document', severity: 'info', content: API_DOCUMENT },
  { path: '/v2/api-docs', what: 'an API document', severity: 'info', content: API_DOCUMENT },
  { path: '/v3/api-docs', what: 'an API document', severity: 'info', content: API_DOCUMENT },
  { path: '/api-docs', what: 'API documentation', severity: 'info' },
  { path: '/swagger-ui.html', what: 'Swagger UI', severity: 'info' },
  { path: '/graphql', what: 'a GraphQL endpoint', severity: 'info' },
  { path: '/status', what: 'a status endpoint', severity: 'info' },
  { path: '/actuator/health', what: "Spring Boot's health endpoint", severity: 'info', content: /"status"/ },
];
