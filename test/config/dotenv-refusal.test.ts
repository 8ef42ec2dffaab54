import { describe, expect, it } from 'vitest';
import { dotEnvRefusal } from '../../src/config/dotenv-refusal.js';

describe("dotEnvRefusal: what a trusted project's .env may never set", () => {
  it.each([
    // Not a plain name in capitals: exported shell functions, tools' lower-case settings, _JAVA_OPTIONS.
    ['BASH_FUNC_ls%%', 'name'],
    ['npm_config_script_shell', 'name'],
    ['http_proxy', 'name'],
    ['_JAVA_OPTIONS', 'name'],
    ['A.B', 'name'],
    ['FALCON_HOME', 'falcon'],
    ['FALCON_CONFIG', 'falcon'],
    ['OPENAI_BASE_URL', 'provider-url'],
    ['OLLAMA_HOST', 'provider-url'],
    ['ANTHROPIC_BASE_URL', 'provider-url'],
    ['AZURE_OPENAI_ENDPOINT', 'provider-url'],
    ['HTTPS_PROXY', 'traffic'],
    ['NO_PROXY', 'traffic'],
    ['NODE_TLS_REJECT_UNAUTHORIZED', 'traffic'],
    ['NODE_EXTRA_CA_CERTS', 'traffic'],
    ['SSL_CERT_FILE', 'traffic'],
    ['REQUESTS_CA_BUNDLE', 'traffic'],
    ['CURL_CA_BUNDLE', 'traffic'],
    ['CURL_HOME', 'traffic'],
    ['GIT_SSL_NO_VERIFY', 'traffic'],
    ['PGSSLMODE', 'traffic'],
    ['HOSTALIASES', 'traffic'],
    ['DOCKER_HOST', 'traffic'],
    ['AWS_ENDPOINT_URL_S3', 'traffic'],
    ['BASH_ENV', 'code'],
    ['ENV', 'code'],
    ['SHELLOPTS', 'code'],
    ['BASHOPTS', 'code'],
    ['PS4', 'code'],
    ['PROMPT_COMMAND', 'code'],
    ['IFS', 'code'],
    ['ZDOTDIR', 'code'],
    ['PATH', 'code'],
    ['CDPATH', 'code'],
    ['PYTHONPATH', 'code'],
    ['GCONV_PATH', 'code'],
    ['HOME', 'code'],
    ['XDG_CONFIG_HOME', 'code'],
    ['LD_PRELOAD', 'code'],
    ['DYLD_INSERT_LIBRARIES', 'code'],
    ['GLIBC_TUNABLES', 'code'],
    ['EDITOR', 'code'],
    ['PAGER', 'code'],
    ['LESSOPEN', 'code'],
    ['GIT_CONFIG_COUNT', 'code'],
    ['GIT_SSH_COMMAND', 'code'],
    ['SSH_ASKPASS', 'code'],
    ['NODE_OPTIONS', 'code'],
    ['NPM_CONFIG_SCRIPT_SHELL', 'code'],
    ['PYTHONSTARTUP', 'code'],
    ['PIP_INDEX_URL', 'code'],
    ['PERL5OPT', 'code'],
    ['RUBYOPT', 'code'],
    ['JAVA_TOOL_OPTIONS', 'code'],
    ['GOFLAGS', 'code'],
    ['RUSTC_WRAPPER', 'code'],
    ['DOTNET_STARTUP_HOOKS', 'code'],
    ['MAKEFILES', 'code'],
    ['CC', 'code'],
    ['OPENSSL_CONF', 'code'],
    ['KUBECONFIG', 'code'],
  ])('refuses %s (%s)', (name, refusal) => {
    expect(dotEnvRefusal(name)).toBe(refusal);
  });

  it('refuses any name whose value a shell would import as a function', () => {
    expect(dotEnvRefusal('GREETING', '() { touch pwned; }')).toBe('code');
    expect(dotEnvRefusal('GREETING', 'hello () { }')).toBeUndefined();
  });

  it.each([
    'DATABASE_URL',
    'API_TOKEN',
    'PORT',
    'BASE_URL',
    'OPENAI_API_KEY',
    'GITHUB_TOKEN',
    'UPLOAD_PATH',
    'FEATURE_FLAGS',
    'TZ',
    'LANG',
    'TMPDIR',
    'STRIPE_SECRET_KEY',
    'AWS_ACCESS_KEY_ID',
    'GOOGLE_CLIENT_ID',
    'USERS_TOKEN',
  ])('lets a trusted folder set %s, a setting of the project’s own code', (name) => {
    expect(dotEnvRefusal(name)).toBeUndefined();
  });
});
