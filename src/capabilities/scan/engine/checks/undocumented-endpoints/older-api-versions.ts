/** How many versions below the spec's are tried: v2 and v1 under a v3. */
const OLDER_VERSIONS = 2;
const VERSION_SEGMENT = /^(.*?\/v)(\d+)(?=\/|$)/;

/** A spec path moved to an older version of the API. */
export interface OlderVersionPath {
  /** The path up to the version: `/api/v1`. */
  version: string;
  /** `/api/v1/users/{id}`. */
  path: string;
}

/** `/api/v3/users/{id}` → the same path under `/api/v2` and `/api/v1`; none without a `/vN` segment. */
export function olderVersionPaths(path: string): OlderVersionPath[] {
  const match = VERSION_SEGMENT.exec(path);
  if (!match) return [];
  const [whole, lead, number] = match as unknown as [string, string, string];
  const older: OlderVersionPath[] = [];
  for (let version = Number(number) - 1; version >= 1 && older.length < OLDER_VERSIONS; version--) {
    older.push({ version: `${lead}${version}`, path: `${lead}${version}${path.slice(whole.length)}` });
  }
  return older;
}
