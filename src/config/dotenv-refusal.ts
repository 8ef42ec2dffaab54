import { isProviderUrlVariable } from './provider-variables.js';

/**
 * Why a project's `.env` may not set a variable, even in a trusted folder: the `.env` is for the
 * settings of the project's own code (`DATABASE_URL`, `API_TOKEN`, `PORT`), and those are plain names
 * in capitals that no shell, loader, runtime or tool reads as an instruction.
 */
export type DotEnvRefusal = 'name' | 'falcon' | 'provider-url' | 'traffic' | 'code';

/** As the warning says it, after the names. */
export const REFUSAL_REASONS: Record<DotEnvRefusal, string> = {
  name: 'not a plain NAME in capitals',
  falcon: "Falcon's own settings",
  'provider-url': 'where a model key is sent',
  traffic: 'TLS checks, proxies or name resolution',
  code: 'what programs run or load',
};

/**
 * Only `A-Z`, digits and `_`, starting with a letter. This alone leaves out whole families that need
 * no list: exported shell functions (`BASH_FUNC_ls%%`), the lower-case settings tools read
 * (`npm_config_*`, `http_proxy`), and `_JAVA_OPTIONS`.
 */
const PLAIN_NAME = /^[A-Z][A-Z0-9_]*$/;

/**
 * Certificate checks, proxies and name resolution: a value here sends traffic, credentials
 * included, to a host the repository chose, or accepts one pretending to be the real host.
 */
const TRAFFIC = [
  /_PROXY$/, // HTTP(S)_PROXY, ALL_PROXY, NO_PROXY, GRPC_PROXY
  /(?:^|_)(?:SSL|TLS)(?:_|$)/, // SSL_CERT_FILE, NODE_TLS_REJECT_UNAUTHORIZED, GIT_SSL_NO_VERIFY, DOCKER_TLS_VERIFY
  /(?:^|_)(?:CA|CACERTS?|CAFILE|CAPATH|CAINFO|CERTS?|CERTFILE|CA_BUNDLE)(?:_|$)/, // REQUESTS_CA_BUNDLE, NODE_EXTRA_CA_CERTS, CURL_CA_BUNDLE
  /(?:^|_)(?:INSECURE|NO_VERIFY|SKIP_VERIFY|STRICT_SSL|REJECT_UNAUTHORIZED)(?:_|$)/,
  /^PG(?:SSL|GSS|SERVICEFILE$|SYSCONFDIR$)/, // libpq: PGSSLMODE=disable, a service file naming another host
  /^(?:CURL_|CURL_HOME$|WGETRC$)/, // .curlrc and .wgetrc can switch checks off or add a proxy
  /^(?:HOSTALIASES|LOCALDOMAIN|RES_OPTIONS|RESOLV_HOST_CONF)$|^RESOLV_/, // glibc's resolver
  /^(?:DISPLAY|WAYLAND_DISPLAY|DBUS_SESSION_BUS_ADDRESS)$/, // windows and messages to another machine's server
  /^(?:DOCKER_HOST|GH_HOST|GITHUB_API_URL|GITHUB_SERVER_URL)$|^AWS_ENDPOINT_URL/, // where a CLI sends the user's token
];

/**
 * What programs run or load: start-up files and functions of shells, the search paths for programs
 * and libraries, the programs other programs start (editors, pagers, askpass, compilers), the
 * settings of Git and of every runtime and package manager that can name code to load first or a
 * source to fetch it from, and the home folders their config files are read from.
 */
const CODE = [
  // Shells: functions, start-up files, traced and prompt strings (expanded with $(…)), word splitting.
  /^BASH_|^(?:ENV|SHELL|SHELLOPTS|BASHOPTS|PROMPT_COMMAND|PS[0-4]|IFS|GLOBIGNORE|ZDOTDIR|HISTFILE|INPUTRC|TMOUT|TERMCAP)$|^(?:KSH|ZSH)_|^TERMINFO/,
  // Search paths: PATH, CDPATH, MANPATH, CLASSPATH, GOPATH, PYTHONPATH, LOCPATH, NLSPATH, GCONV_PATH …
  /^[A-Z0-9]*PATH$|^GCONV_PATH$/,
  // Where config files are read from: ~/.gitconfig, ~/.ssh/config, ~/.npmrc, $XDG_CONFIG_HOME/git/config.
  /^(?:HOME|USERPROFILE|APPDATA|LOCALAPPDATA)$|^XDG_/,
  // The dynamic loader and the C library.
  /^(?:LD|DYLD|GLIBC|MALLOC)_/,
  // Programs that other programs start.
  /^(?:EDITOR|VISUAL|PAGER|MANPAGER|BROWSER|GNUPGHOME)$|^LESS(?:$|OPEN|CLOSE|KEY|EDIT|SECURE|HISTFILE)|^(?:SSH|SUDO|GPG)_|_ASKPASS$/,
  // Builds: compilers, their flags, make's extra makefiles.
  /^(?:CC|CXX|CPP|LD|AR|AS|NM|RANLIB|STRIP|OBJCOPY|OBJDUMP|FC|F77)$|^[A-Z0-9]*FLAGS$|^MAKE(?:FILES|LEVEL|OVERRIDES)$|^PKG_CONFIG/,
  // Version control.
  /^(?:GIT|SVN)_|^HG(?:EDITOR|MERGE|RCPATH|RCSKIPREPO)$/,
  // JavaScript.
  /^(?:NODE|NPM|YARN|PNPM|COREPACK|BUN|DENO|ELECTRON|PUPPETEER|PLAYWRIGHT)_/,
  // Python.
  /^PYTHON|^(?:PIP|UV|POETRY|PIPENV|PDM|CONDA|HATCH)_|^VIRTUAL_ENV$/,
  // Perl, Ruby, PHP, Lua, Tcl, R, Erlang and Elixir, Julia, OCaml, Haskell, Dart, Swift.
  /^PERL|^RUBY|^(?:GEM|BUNDLE|PHP|COMPOSER|LUA|ERL|ELIXIR|MIX|JULIA|CABAL|STACK|DART|FLUTTER|PUB)_|^PHPRC$|^TCL|^R_(?:PROFILE|ENVIRON|LIBS|HOME)|^OCAML|^GHC|^SWIFT/,
  // The JVM.
  /^(?:JAVA_TOOL_OPTIONS|JDK_JAVA_OPTIONS|JAVA_OPTS|JAVA_HOME)$|^(?:MAVEN|M2|GRADLE|SBT)_/,
  // Go, Rust, .NET.
  /^GO(?:FLAGS|PROXY|ROOT|TOOLCHAIN|INSECURE|NOSUMDB|NOSUMCHECK|NOPROXY|PRIVATE|SUMDB|ENV|EXPERIMENT|MODCACHE|WORK|BIN|DEBUG|CACHE|OS|ARCH)$|^CGO_|^(?:CARGO|RUSTUP)_|^RUST|^(?:DOTNET|COMPLUS|CORECLR)_/,
  // Tools whose config can name a program to run for credentials, plug-ins or engines.
  /^(?:OPENSSL|HELM|CLOUDSDK|TF_PLUGIN)_|^(?:KUBECONFIG|TF_CLI_CONFIG_FILE|AWS_CONFIG_FILE|AWS_SHARED_CREDENTIALS_FILE|AZURE_CONFIG_DIR|GOOGLE_EXTERNAL_ACCOUNT_ALLOW_EXECUTABLES)$|^DOCKER_/,
];

/** A value an unpatched bash (Shellshock) would import as a function, running what follows it. */
const SHELL_FUNCTION_VALUE = /^\s*\(\)\s*\{/;

/** Why the project's `.env` may not set `name` to `value`, or undefined when it may (in a trusted folder). */
export function dotEnvRefusal(name: string, value = ''): DotEnvRefusal | undefined {
  if (!PLAIN_NAME.test(name)) return 'name';
  if (SHELL_FUNCTION_VALUE.test(value)) return 'code';
  if (name.startsWith('FALCON_')) return 'falcon';
  if (isProviderUrlVariable(name)) return 'provider-url';
  if (TRAFFIC.some((pattern) => pattern.test(name))) return 'traffic';
  if (CODE.some((pattern) => pattern.test(name))) return 'code';
  return undefined;
}
