// The thread parseYamlOffThread (yaml-off-thread.ts) parses a large YAML text in, so that the main
// thread stays free to handle Ctrl-C and to give up after a time limit. Built as dist/yaml-worker.js.
import { parentPort, workerData } from 'node:worker_threads';
import { YAMLParseError } from 'yaml';
import { parseBoundedYaml, YamlLimitError } from './bounded-yaml.js';
import type { YamlWorkerAnswer, YamlWorkerInput } from './yaml-worker-message.js';

const { text, limits } = workerData as YamlWorkerInput;
parentPort!.postMessage(answer());

function answer(): YamlWorkerAnswer {
  try {
    return { kind: 'value', value: parseBoundedYaml(text, limits) };
  } catch (error) {
    if (error instanceof YamlLimitError) return { kind: 'limit', message: error.message };
    if (error instanceof YAMLParseError)
      return { kind: 'syntax', code: error.code, message: error.message, pos: error.pos, ...(error.linePos && { linePos: error.linePos }) };
    throw error;
  }
}
