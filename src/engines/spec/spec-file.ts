/** Falcon's copy of the API spec, inside `.falcon/`. */
export const SPEC_FILE = 'spec.yaml';
