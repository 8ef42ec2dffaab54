/** The longest Falcon waits for a server to say a model's window before it goes on without. */
export const DISCOVERY_TIMEOUT_MS = 5000;
