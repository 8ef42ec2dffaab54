import type { Document } from 'yaml';
import { FILE_YAML_LIMITS, parseBoundedDocuments, yamlValue } from '../../safety/bounded-yaml.js';

/** A port found in a file, with the text that shows it. */
export interface PortHint {
  port: number;
  snippet: string;
}

// Each pattern captures the port in its first group.
const COMMAND_PATTERNS: RegExp[] = [
  /--port[= ](\d{2,5})\b/,
  /(?:^|\s)PORT=(\d{2,5})\b/,
  /(?:^|\s)-p\s+(\d{4,5})\b/,
  /\brunserver\s+(?:[\w.]+:)?(\d{2,5})\b/,
  /(?:--bind|-b)[= ][\w.]*:(\d{2,5})\b/,
];

type Language = 'js' | 'py' | 'go' | 'rs';

const CODE_PATTERNS: Record<Language, RegExp[]> = {
  js: [
    /\.listen\([^;\n]{0,80}?\b(\d{4,5})\b/,
    /\b(?:const|let|var)\s+port\s*(?::\s*\w+\s*)?=[^;\n]{0,60}?\b(\d{4,5})\b/i,
    /\bserve\(\{[^}]{0,120}?\bport\s*:\s*(\d{4,5})\b/,
  ],
  py: [/\.run\([^)]{0,200}?\bport\s*=\s*(\d{4,5})\b/],
  go: [/"(?:0\.0\.0\.0)?:(\d{4,5})"/, /\bport\s*:?=\s*"(\d{4,5})"/i],
  rs: [
    /"(?:0\.0\.0\.0|127\.0\.0\.1|localhost|\[::\]):(\d{4,5})"/,
    /\(\s*"(?:0\.0\.0\.0|127\.0\.0\.1|localhost)"\s*,\s*(\d{4,5})\s*\)/,
    /\[\s*(?:0|127)\s*,\s*0\s*,\s*0\s*,\s*[01]\s*\]\s*,\s*(\d{4,5})\b/,
  ],
};
const CODE_LANGUAGE: Record<string, Language> = {
  '.js': 'js',
  '.mjs': 'js',
  '.cjs': 'js',
  '.ts': 'js',
  '.mts': 'js',
  '.py': 'py',
  '.go': 'go',
  '.rs': 'rs',
};

/** File extensions whose code `portInCode` understands. */
export const CODE_EXTENSIONS = Object.keys(CODE_LANGUAGE).map((extension) => extension.slice(1));

/** A port in a command line: `--port 4000`, `PORT=4000 node …`, `next dev -p 4000`, `runserver 0.0.0.0:8001`, `--bind :8000`. */
export function portInCommand(command: string): PortHint | undefined {
  return firstMatch(command, COMMAND_PATTERNS);
}

/** A port the code listens on: `app.listen(3000)`, `uvicorn.run(app, port=8001)`, `r.Run(":8080")`, … */
export function portInCode(extension: string, code: string): PortHint | undefined {
  const language = CODE_LANGUAGE[extension];
  return language ? firstMatch(code, CODE_PATTERNS[language]) : undefined;
}

/** Spring's `server.port` in application.properties (`server.port=8081`, `server.port=${PORT:8081}`). */
export function springPortInProperties(text: string): PortHint | undefined {
  return firstMatch(text, [/^\s*server\.port\s*[=:]\s*(?:\$\{\w+:)?(\d{2,5})\b/m]);
}

/** Spring's `server.port` in application.yml, nested or as a dotted key, in any of its documents. */
export function springPortInYaml(text: string): PortHint | undefined {
  let documents: Document.Parsed[];
  try {
    documents = parseBoundedDocuments(text, FILE_YAML_LIMITS);
  } catch {
    return undefined; // beyond what Falcon reads of a YAML file: no hint from it
  }
  for (const document of documents) {
    const value = plainValue(document);
    if (typeof value !== 'object' || value === null) continue;
    const record = value as Record<string, unknown>;
    const server = record.server as Record<string, unknown> | undefined;
    const port = String(record['server.port'] ?? server?.port ?? '');
    const digits = /(\d{2,5})\}?$/.exec(port)?.[1];
    if (digits) return { port: Number(digits), snippet: `server.port: ${port}` };
  }
  return undefined;
}

/** Puma's port in a Rails app's config/puma.rb: `port ENV.fetch("PORT") { 3000 }` or `port 3000`. */
export function portInPumaConfig(text: string): PortHint | undefined {
  return firstMatch(text, [/^\s*port\s+ENV\.fetch\(\s*["']PORT["']\s*\)\s*\{\s*(\d{2,5})\s*\}/m, /^\s*port\s+(\d{2,5})\b/m]);
}

/** A document's data, or `undefined` when it is broken (a syntax error, an alias without its anchor). */
function plainValue(document: Document): unknown {
  if (document.errors.length > 0) return undefined;
  try {
    return yamlValue(document);
  } catch {
    return undefined;
  }
}

function firstMatch(text: string, patterns: RegExp[]): PortHint | undefined {
  for (const pattern of patterns) {
    const match = pattern.exec(text);
    const port = Number(match?.[1]);
    if (match && port >= 1 && port <= 65_535) return { port, snippet: match[0].trim() };
  }
  return undefined;
}
