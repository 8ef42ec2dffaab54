import type { Framework } from '../../../workspace/init/frameworks.js';
import type { RouteExtractor } from '../route.js';
import { goExtractor } from './go/go-routes.js';
import { jsRouterExtractor } from './js/js-routers.js';
import { nestExtractor } from './js/nest-routes.js';
import { nextExtractor } from './js/next-routes.js';
import { laravelExtractor } from './php/laravel-routes.js';
import { djangoExtractor } from './python/django-routes.js';
import { fastapiExtractor } from './python/fastapi-routes.js';
import { flaskExtractor } from './python/flask-routes.js';
import { railsExtractor } from './ruby/rails-routes.js';
import { actixExtractor } from './rust/actix-routes.js';
import { axumExtractor } from './rust/axum-routes.js';
import { springExtractor } from './spring-routes.js';

/** A framework whose routes find_handler can read. */
export type RouteFramework = Exclude<Framework, 'other'>;

const BY_FRAMEWORK: Record<RouteFramework, RouteExtractor> = {
  express: jsRouterExtractor,
  fastify: jsRouterExtractor,
  koa: jsRouterExtractor,
  hono: jsRouterExtractor,
  nestjs: nestExtractor,
  next: nextExtractor,
  gin: goExtractor,
  echo: goExtractor,
  chi: goExtractor,
  fiber: goExtractor,
  fastapi: fastapiExtractor,
  flask: flaskExtractor,
  django: djangoExtractor,
  spring: springExtractor,
  laravel: laravelExtractor,
  rails: railsExtractor,
  actix: actixExtractor,
  axum: axumExtractor,
};

/** Every route reader, once each. */
export const ALL_EXTRACTORS: readonly RouteExtractor[] = [...new Set(Object.values(BY_FRAMEWORK))];

export function extractorFor(framework: RouteFramework): RouteExtractor {
  return BY_FRAMEWORK[framework];
}
