export interface ProviderOptions {
  /** Overrides the provider's `stream` setting; replies are streamed unless one of them says `false`. */
  stream?: boolean;
}
