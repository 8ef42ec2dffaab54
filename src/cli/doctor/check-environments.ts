import { listEnvironments, loadEnvironment } from '../../workspace/environments.js';
import { type DoctorCheck, fail, ok, warn } from './doctor-check.js';

type BrokenEnvironment = { name: string; problem: string };
type LoadedEnvironment = { name: string; variables: Record<string, string> } | BrokenEnvironment;

/**
 * Every environment parses, and the active one (chosen with `falcon env use`, else `dev`) exists
 * and has a BASE_URL: the API under test, where requests go without asking.
 */
export async function checkEnvironments(projectRoot: string, chosen: string | undefined): Promise<DoctorCheck[]> {
  const names = await listEnvironments(projectRoot);
  if (names.length === 0) {
    return [
      warn('environments', 'no environments in .falcon/environments/', 'add .falcon/environments/dev.yaml with BASE_URL: <your API’s URL>, or run falcon init'),
    ];
  }
  const loaded = await Promise.all(names.map((name) => load(projectRoot, name)));
  const broken = loaded.filter((environment): environment is BrokenEnvironment => 'problem' in environment);
  const checks = broken.map((environment) => fail(`environment ${environment.name}`, environment.problem, 'make it a flat map of NAME: value'));
  if (broken.length === 0) checks.push(ok('environments', names.join(', ')));

  const active = chosen ?? (names.includes('dev') ? 'dev' : undefined);
  const others = `environments: ${names.join(', ')}`;
  if (active === undefined) {
    checks.push(warn('environment', 'no active environment: BASE_URL and {{VAR}} resolve from none', `choose one with: falcon env use <name> (${others})`));
    return checks;
  }
  const environment = loaded.find((candidate) => candidate.name === active);
  if (!environment) {
    checks.push(
      fail(
        'environment',
        `.falcon/config.yaml chooses ${active}, which is not in .falcon/environments/`,
        `choose another with: falcon env use <name> (${others})`,
      ),
    );
  } else if ('variables' in environment) {
    checks.push(checkBaseUrl(active, environment.variables.BASE_URL?.trim()));
  }
  return checks;
}

function checkBaseUrl(name: string, baseUrl: string | undefined): DoctorCheck {
  const check = `environment ${name}`;
  const fix = `set BASE_URL: <your API’s URL, e.g. http://localhost:3000> in .falcon/environments/${name}.yaml`;
  if (!baseUrl) return fail(check, `the active environment has no BASE_URL`, fix);
  if (baseUrl.includes('{{')) return ok(check, `active; BASE_URL ${baseUrl} (filled in when used)`);
  const url = URL.canParse(baseUrl) ? new URL(baseUrl) : undefined;
  if (!url || !['http:', 'https:'].includes(url.protocol)) return fail(check, `BASE_URL is not an http(s) URL: ${baseUrl}`, fix);
  if (url.username || url.password) url.username = url.password = '***';
  return ok(check, `active; BASE_URL ${url.username ? url.href : baseUrl}`);
}

async function load(projectRoot: string, name: string): Promise<LoadedEnvironment> {
  try {
    return { name, variables: await loadEnvironment(projectRoot, name) };
  } catch (error) {
    return { name, problem: (error as Error).message };
  }
}
