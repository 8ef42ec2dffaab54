import type { YAMLParseError } from 'yaml';
import type { YamlLimits } from './bounded-yaml.js';

/** What parseYamlOffThread hands its worker (as workerData). */
export interface YamlWorkerInput {
  text: string;
  limits: YamlLimits;
}

/** The worker's one answer: the value, or the error parseBoundedYaml threw, as plain fields. */
export type YamlWorkerAnswer =
  | { kind: 'value'; value: unknown }
  | { kind: 'limit'; message: string }
  | { kind: 'syntax'; code: YAMLParseError['code']; message: string; pos: [number, number]; linePos?: YAMLParseError['linePos'] };
