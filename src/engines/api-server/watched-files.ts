import picomatch from 'picomatch';
import { SKIPPED_FOLDERS } from '../../safety/skipped-folders.js';

/** Files a running server loads: code, templates and the config it reads at start-up. */
const SOURCE_FILE =
  /\.(m?[jt]sx?|c[jt]s|py|go|rb|erb|php|java|kt|kts|scala|groovy|rs|cs|fs|ex|exs|clj|dart|swift|json|ya?ml|toml|properties|env|html|hbs|ejs|pug|twig|jinja2?|sql|graphql|gql)$/i;
/** Tests, their data and documentation: a server does not load them. */
const NOT_LOADED =
  /(^|\/)(\.falcon|tests?|__tests__|spec|e2e|docs?|fixtures)\/|(^|\/)[^/]*[._](test|spec)\.[^/]+$|(^|\/)test_[^/]+\.py$|_test\.go$|(^|\/)(package-lock\.json|yarn\.lock|pnpm-lock\.yaml)$/;

/**
 * Whether a change of this file (project-relative, forward slashes) needs the server reloaded: it
 * matches `server.watch`, or, without it, is one of the project's source files — code, templates
 * and config, outside tests, docs, `.falcon/` and the folders no listing enters.
 */
export function isWatchedFile(relativePath: string, watch: readonly string[] | undefined): boolean {
  const file = relativePath.replaceAll('\\', '/').replace(/^\.\//, '');
  if (watch) return picomatch.isMatch(file, [...watch], { dot: true });
  const folders = file.split('/').slice(0, -1);
  if (folders.some((folder) => (SKIPPED_FOLDERS as readonly string[]).includes(folder))) return false;
  return SOURCE_FILE.test(file) && !NOT_LOADED.test(file);
}
