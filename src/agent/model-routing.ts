import type { ModelRoutes } from '../config/types.js';
import type { ModelCategory } from '../kit/tool/tool.js';

export interface RoutedChoice {
  provider?: string;
  model?: string;
}

/**
 * The provider and model `models:` routes a category to, from the session's choice: a route naming a
 * provider takes that provider (with its configured model unless it names one); a route naming only
 * a model takes it from the session's provider. Undefined when the category is not routed.
 */
export function routedChoice(routes: ModelRoutes, category: ModelCategory, session: RoutedChoice): RoutedChoice | undefined {
  const route = routes[category];
  if (!route) return undefined;
  const provider = route.provider ?? session.provider;
  return { ...(provider && { provider }), ...(route.model && { model: route.model }) };
}
