/** The provider a session starts with: the one `default_provider` names, else the only one configured. */
export function defaultProviderId(declared: string | null | undefined, configured: readonly string[]): string | undefined {
  if (declared) return declared;
  return configured.length === 1 ? configured[0] : undefined;
}
