import type { Framework } from './frameworks.js';

export interface FalconMdFacts {
  projectName: string;
  framework: Framework;
  /** Why init chose the framework, e.g. `package.json dependency "express"`. */
  frameworkEvidence?: string;
  baseUrl: string;
  /** The spec as described to people, e.g. `docs/openapi.yaml (OpenAPI 3.0.3)`. */
  spec?: string;
}

/** The first `falcon.md`: what init found, and headed sections for Falcon and the team to fill in. */
export function renderFalconMd(facts: FalconMdFacts): string {
  const framework = facts.frameworkEvidence ? `${facts.framework} (${facts.frameworkEvidence})` : facts.framework;
  const spec = facts.spec ?? 'none yet; record one as `spec:` in `.falcon/config.yaml`';
  const endpoints = facts.spec
    ? `The full list is in ${facts.spec}. Note here what it does not say: routes missing from it,
side effects, calls that must come in a given order.`
    : 'The important routes, what they do, and anything surprising about them.';
  return `# ${facts.projectName}: what Falcon knows about this API

Falcon reads this file at the start of every session and adds what it learns here. Edit it freely:
it is the team's notes as much as Falcon's.

## Overview

- Framework: ${framework}
- Spec: ${spec}

## Base URLs

| environment | base URL |
|---|---|
| dev | ${facts.baseUrl} |
| staging | not set yet (\`.falcon/environments/staging.yaml\`) |
| prod | not set yet (\`.falcon/environments/prod.yaml\`) |

Environments are flat \`KEY: value\` maps in \`.falcon/environments/\`; requests use their values as
\`{{BASE_URL}}\`. Environments may hold secrets only as references to the process environment, never
in clear: \`API_TOKEN: "{{env:API_TOKEN}}"\` reads \`API_TOKEN\` from the shell or from \`.env\`.

## Authentication

_How clients authenticate (API key header, bearer token, session cookie, OAuth), which routes are
public, and how to get a token for testing._

## Endpoints

_${endpoints}_

## Models

_The main resources: their fields, identifiers, relations and validation rules._

## Known errors

_Errors met so far: the symptom, the cause and the fix, so that they are recognised next time._
`;
}
