import path from 'node:path';
import { convertSpec } from '../spec/convert-spec.js';
import { parseIngestedSpec, readIngestedSpec } from '../spec/read-ingested-spec.js';
import { readSpecFile } from '../spec/spec-text.js';
import type { FalconSpec } from '../spec/spec-format.js';
import { isPathInside } from '../../safety/path-inside.js';

export interface SpecUnderTest {
  spec: FalconSpec;
  /** Where it came from, as shown to the user: `.falcon/spec.yaml`, `openapi.yaml`, a URL. */
  shown: string;
}

// A file Falcon wrote (or a copy of it) says so on a line of its own, in YAML or JSON.
const FALCON_SPEC_MARK = /^\s*(?:format|"format")\s*:\s*["']?falcon-spec\//m;

/**
 * The spec to test: `.falcon/spec.yaml` when no source is given (`undefined` when there is none),
 * else an OpenAPI/Swagger/Postman file or URL converted in memory, or a falcon-spec file as it is.
 * A file outside the project is read too: the user named it on purpose.
 */
export async function loadSpecUnderTest(source: string | undefined, projectRoot: string, signal: AbortSignal): Promise<SpecUnderTest | undefined> {
  if (source === undefined) {
    const spec = await readIngestedSpec(projectRoot, signal);
    return spec && { spec, shown: '.falcon/spec.yaml' };
  }
  if (/^https?:\/\//i.test(source)) return { spec: await convertSpec(source, projectRoot, signal), shown: source };
  const absolute = path.resolve(projectRoot, source);
  const text = await readSpecFile(absolute, source);
  if (FALCON_SPEC_MARK.test(text)) return { spec: await parseIngestedSpec(text, source, signal), shown: source };
  // convertSpec reads only inside the root it is given; outside the project, the file's folder is that root.
  const spec = isPathInside(projectRoot, absolute)
    ? await convertSpec(path.relative(projectRoot, absolute), projectRoot, signal)
    : await convertSpec(path.basename(absolute), path.dirname(absolute), signal);
  return { spec, shown: source };
}
