import { createHash } from 'node:crypto';
import type { Invocation, Log, ReportingDescriptor, Result } from 'sarif';
import { markdownFence, markdownText } from '../../../../engines/testing/report/markdown-text.js';
import { residueLines } from '../residue/residue.js';
import { reproductionText } from './replay-legend-text.js';
import type { Finding } from '../finding.js';
import type { ScanResult } from '../run-scan.js';
import type { SecurityRule } from '../security-check.js';
import { type Severity, severityRank } from '../severity.js';
import { operationText } from './scan-report-parts.js';
import { cweReference, owaspReference, type Reference } from './security-references.js';

const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
/** Changes when what the fingerprint hashes changes, so dashboards never match unlike results. */
const FINGERPRINT = 'falcon/v1';

const LEVELS: Record<Severity, Result.level> = { critical: 'error', high: 'error', medium: 'warning', low: 'note', info: 'note' };
/** The CVSS-like score GitHub code scanning ranks a rule's alerts by (9.0 and up critical, 7.0 high, 4.0 medium, 0.1 low). */
const SECURITY_SEVERITIES: Record<Severity, string> = { critical: '9.5', high: '8.0', medium: '5.5', low: '3.0', info: '0.0' };

export interface ScanSarifOptions {
  /** Falcon's version. */
  version: string;
  /** The spec file, relative to the repository root: where a dashboard places the findings. Default: the target URL. */
  specUri?: string;
}

/**
 * SARIF 2.1.0 for code-scanning dashboards: one result per finding. The rules are those with
 * findings, because a rule's level and security-severity (which GitHub ranks its alerts by) are the
 * worst of its findings; the checks that ran are in the run's properties.
 */
export function scanSarif(result: ScanResult, options: ScanSarifOptions): Log {
  const rules = Object.keys(result.rules).filter((rule) => result.findings.some((finding) => finding.rule === rule));
  const uri = options.specUri === undefined ? result.target : encodeURI(options.specUri.replaceAll('\\', '/'));
  return {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'falcon', version: options.version, rules: rules.map((rule) => ruleDescriptor(rule, result.rules[rule]!, result.findings)) } },
        invocations: [invocation(result)],
        results: result.findings.map((finding) => findingResult(finding, rules.indexOf(finding.rule), uri)),
        properties: {
          target: result.target,
          spec: result.spec,
          identities: result.identities,
          checks: result.checks,
          requests: result.requests,
          variables: result.variables,
          residue: result.residue,
        },
      },
    ],
  };
}

function ruleDescriptor(rule: string, { title, owasp, cwe, proof, remediation }: SecurityRule, findings: readonly Finding[]): ReportingDescriptor {
  const severity = findings
    .filter((finding) => finding.rule === rule)
    .map((finding) => finding.severity)
    .reduce((worst, next) => (severityRank(next) > severityRank(worst) ? next : worst));
  const owaspPage = owaspReference(owasp);
  const references: Array<[string, Reference]> = [
    ['OWASP API Security Top 10', owaspPage],
    ['CWE', cweReference(cwe)],
  ];
  return {
    id: rule,
    name: pascalCase(title),
    shortDescription: { text: title },
    fullDescription: { text: `Reported when ${proof}.` },
    help: {
      text: [remediation, '', ...references.map(([source, { name, url }]) => `${source}: ${name}${url ? ` — ${url}` : ''}`)].join('\n'),
      markdown: [
        markdownText(remediation),
        '',
        ...references.map(([source, { name, url }]) => `- ${source}: ${url ? `[${markdownText(name)}](${url})` : markdownText(name)}`),
      ].join('\n'),
    },
    ...(owaspPage.url && { helpUri: owaspPage.url }),
    defaultConfiguration: { level: LEVELS[severity] },
    properties: { tags: ['security', owasp, cwe], 'security-severity': SECURITY_SEVERITIES[severity] },
  };
}

function findingResult(finding: Finding, ruleIndex: number, uri: string): Result {
  const operation = operationText(finding);
  return {
    ruleId: finding.rule,
    ruleIndex,
    level: LEVELS[finding.severity],
    message: {
      text: `${finding.title} (${operation})`,
      markdown: [`${markdownText(finding.title)} (${markdownText(operation)})`, '', 'Reproduce:', '', ...markdownFence(reproductionText(finding), 'sh')].join(
        '\n',
      ),
    },
    locations: [{ physicalLocation: { artifactLocation: { uri } }, logicalLocations: [{ fullyQualifiedName: operation, kind: 'member' }] }],
    partialFingerprints: { [FINGERPRINT]: fingerprint(finding) },
    properties: {
      owasp: finding.owasp,
      cwe: finding.cwe,
      severity: finding.severity,
      method: finding.method,
      path: finding.path,
      evidence: finding.evidence,
      curl: finding.curl,
      ...(finding.reproduce && { reproduce: finding.reproduce }),
      ...(finding.variables && { variables: finding.variables }),
    },
  };
}

/** The same rule, method and path: the same finding from one scan to the next, whatever its evidence. */
function fingerprint(finding: Finding): string {
  return createHash('sha256')
    .update(JSON.stringify([finding.rule, finding.method, finding.path]))
    .digest('hex');
}

/** The notes (what could not be checked) and what the scan left on the API as the tool's warnings; a scan stopped early did not complete. */
function invocation(result: ScanResult): Invocation {
  const warnings = [...result.notes, ...residueLines(result.residue).map((line) => `left on the API: ${line}`)];
  return {
    executionSuccessful: !result.interrupted,
    ...(warnings.length > 0 && { toolExecutionNotifications: warnings.map((text) => ({ level: 'warning' as const, message: { text } })) }),
  };
}

/** `JWT accepted with alg "none"` → `JWTAcceptedWithAlgNone`. */
function pascalCase(text: string): string {
  return text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => `${word[0]!.toUpperCase()}${word.slice(1)}`)
    .join('');
}
