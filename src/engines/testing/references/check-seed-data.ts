import { formatConfigProblem } from '../../../config/config-error.js';
import type { FalconSpec, JsonSchema } from '../../spec/spec-format.js';
import type { SpecSchemaValidator } from '../spec-schema/spec-schema-validator.js';
import { valueForSchema } from './schema-value.js';
import { type SeedData, SeedDataError } from './seed-data.js';
import { declaredReferences } from './spec-references.js';

const SHOWN_PLACES = 3;
const SHOWN_SCHEMA_CHARS = 80;

/**
 * Seed data against the spec, before anything is sent: each name must be a path parameter or a
 * reference field of a request body of some operation (a misspelt one would be ignored in
 * silence), and each value valid for at least one of them (a number given as text counts). Every
 * problem is named with its line in one SeedDataError.
 */
export function checkSeedData(seed: SeedData, spec: FalconSpec, validator: SpecSchemaValidator): void {
  const references = declaredReferences(spec);
  const problems: string[] = [];
  const place = (line: number | undefined, key: string, message: string) =>
    problems.push(formatConfigProblem(seed.file, { ...(line !== undefined && { line }), key, message }));
  for (const [name, values] of seed.values) {
    const places = references.filter((reference) => reference.name === name);
    if (places.length === 0) {
      const near = closest(name, [...new Set(references.map((reference) => reference.name))]);
      place(
        seed.lines.get(name),
        name,
        `no operation of the spec has a path parameter or body reference of this name${near ? ` (did you mean ${near}?)` : ''}`,
      );
      continue;
    }
    values.forEach(({ value, line }, index) => {
      if (places.some((reference) => valueForSchema(value, reference.schema, validator) !== undefined)) return;
      const wanted = places.slice(0, SHOWN_PLACES).map((reference) => `${reference.label} (${schemaText(reference.schema)})`);
      const key = values.length > 1 || line !== seed.lines.get(name) ? `${name}[${index}]` : name;
      place(
        line,
        key,
        `${JSON.stringify(value)} is valid for none of the places it would go: ${wanted.join('; ')}${places.length > SHOWN_PLACES ? '; …' : ''}`,
      );
    });
  }
  if (problems.length > 0) throw new SeedDataError(problems.join('\n'));
}

function schemaText(schema: JsonSchema | undefined): string {
  const text = JSON.stringify(schema ?? {});
  return text.length > SHOWN_SCHEMA_CHARS ? `${text.slice(0, SHOWN_SCHEMA_CHARS - 1)}…` : text;
}

/** The known name a misspelt one most likely meant: the same letters but for case and separators, else one edit away. */
function closest(name: string, known: string[]): string | undefined {
  const plain = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');
  return known.find((candidate) => plain(candidate) === plain(name)) ?? known.find((candidate) => editDistance(candidate, name) <= 2);
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length]!;
}
