import { z } from 'zod';

const modelRouteSchema = z.strictObject({
  /** A configured provider; the session's provider when absent. */
  provider: z.string().trim().min(1).nullish(),
  /** A model of that provider; the provider's configured model when absent. */
  model: z.string().trim().min(1).nullish(),
});

/** `models:` in either config file: the model each category of work is routed to. */
export const modelRoutesSchema = z.strictObject({
  quick: modelRouteSchema.nullish(),
  deep: modelRouteSchema.nullish(),
});

export type ModelRoutesEntry = z.output<typeof modelRoutesSchema>;
