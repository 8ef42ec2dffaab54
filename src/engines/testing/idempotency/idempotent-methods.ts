// Apart from the engine so that the tool's schema and checks can name them without loading it.

/** The methods HTTP defines as idempotent, in the order they are checked: reads first, DELETE last. */
export const IDEMPOTENT_METHODS: readonly string[] = ['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE'];
export const DEFAULT_REPEAT = 3;
