/** How many versions below the spec's are tried: v2, v1 under a v3, at most three. */
const OLDER_VERSIONS = 3;
const VERSION_SEGMENT = /^(.*?)\/v(\d+)(?=\/|$)/;

/** A version of the API the spec does not describe, beside the one it does. */
export interface OtherVersion {
  /** The path up to the version: `/api/v1`; `/api` for the API without one. */
  prefix: string;
  /** How it stands to the spec's version. */
  relation: 'older' | 'newer' | 'unversioned';
}

/** A spec path moved to another version of the API. */
export interface OtherVersionPath {
  version: OtherVersion;
  /** `/api/v1/users/{id}`. */
  path: string;
}

/**
 * `/api/v2/users/{id}` → the same path under the versions beside its own, the likeliest to be
 * still served first: `/api/v1`, `/api/v3` (released before its spec), then the older ones, then
 * `/api` without a version (an alias that may skip what the versioned routes check) unless the
 * version is the first segment; none without a `/vN` segment.
 */
export function otherVersionPaths(path: string): OtherVersionPath[] {
  const match = VERSION_SEGMENT.exec(path);
  if (!match) return [];
  const [whole, lead, number] = match as unknown as [string, string, string];
  const rest = path.slice(whole.length);
  const current = Number(number);
  const numbered = (version: number, relation: OtherVersion['relation']): OtherVersionPath => ({
    version: { prefix: `${lead}/v${version}`, relation },
    path: `${lead}/v${version}${rest}`,
  });
  const older = [];
  for (let version = current - 1; version >= 1 && older.length < OLDER_VERSIONS; version--) older.push(numbered(version, 'older'));
  return [
    ...older.slice(0, 1),
    numbered(current + 1, 'newer'),
    ...older.slice(1),
    // With the version first (`/v2/users`), the API without it is the site's root, which may serve anything.
    ...(lead ? [{ version: { prefix: lead, relation: 'unversioned' as const }, path: `${lead}${rest}` }] : []),
  ];
}
