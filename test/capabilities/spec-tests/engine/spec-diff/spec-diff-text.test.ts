import { expect, it } from 'vitest';
import { diffSpecs } from '../../../../../src/capabilities/spec-tests/engine/spec-diff/diff-specs.js';
import { specDiffReport } from '../../../../../src/capabilities/spec-tests/engine/spec-diff/spec-diff-report.js';
import { specDiffText } from '../../../../../src/capabilities/spec-tests/engine/spec-diff/spec-diff-text.js';
import type { FalconSpec } from '../../../../../src/engines/spec/spec-format.js';
import { operation, spec } from './spec-builders.js';

const report = (old: FalconSpec, current: FalconSpec) =>
  specDiffReport({ spec: old, shown: 'old.yaml' }, { spec: current, shown: 'new.yaml' }, diffSpecs(old, current), 'breaking');

it('puts the changes of the whole API first, then each operation, breaking first, with the counts last', () => {
  const old = spec([operation(), operation({ method: 'DELETE' })], { servers: [{ url: 'https://a.example.com' }] });
  const current = spec([operation({ deprecated: true }), operation({ method: 'POST' })], { version: '2.0.0', servers: [{ url: 'https://b.example.com' }] });
  expect(specDiffText(report(old, current))).toBe(
    [
      'Things 1.0.0 (old.yaml) → Things 2.0.0 (new.yaml)',
      '',
      'The API as a whole',
      '  warning       servers: https://a.example.com removed',
      '',
      'GET /things',
      '  non-breaking  operation deprecated',
      '',
      'POST /things',
      '  non-breaking  operation added',
      '',
      'DELETE /things',
      '  breaking      operation removed',
      '',
      '1 breaking change, 1 warning, 2 non-breaking',
    ].join('\n'),
  );
});

it('styles the operation and the severity, and says when nothing changed', () => {
  const styled = specDiffText(report(spec([operation(), operation({ method: 'DELETE' })]), spec([operation()])), {
    style: (style, text) => `<${style}>${text}</${style}>`,
  });
  expect(styled).toContain('\n<bold>DELETE /things</bold>\n  <red>breaking    </red>  operation removed\n');
  expect(specDiffText(report(spec([operation()]), spec([operation()])))).toBe('Things 1.0.0 (old.yaml) → Things 1.0.0 (new.yaml)\n\nNo changes.');
});
