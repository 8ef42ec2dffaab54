import type { ModelRoutesEntry } from './model-routes-schema.js';
import type { ModelRoute, ModelRoutes } from './types.js';

const CATEGORIES = ['quick', 'deep'] as const;

/** `models:` as written, without the categories that set neither a provider nor a model. */
export function resolveModelRoutes(entry: ModelRoutesEntry | null | undefined): ModelRoutes {
  const routes: ModelRoutes = {};
  for (const category of CATEGORIES) {
    const route = entry?.[category];
    const resolved: ModelRoute = { ...(route?.provider && { provider: route.provider }), ...(route?.model && { model: route.model }) };
    if (resolved.provider || resolved.model) routes[category] = resolved;
  }
  return routes;
}

/** The project's categories win over the global ones, each category whole. */
export function mergeModelRoutes(global: ModelRoutes = {}, project: ModelRoutes = {}): ModelRoutes {
  return { ...global, ...project };
}
