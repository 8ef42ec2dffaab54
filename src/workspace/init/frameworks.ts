/** The frameworks `falcon init` knows, in the order it offers them; `other` covers the rest. */
export const FRAMEWORKS = [
  'express',
  'fastify',
  'nestjs',
  'koa',
  'hono',
  'next',
  'gin',
  'echo',
  'chi',
  'fiber',
  'fastapi',
  'flask',
  'django',
  'spring',
  'laravel',
  'rails',
  'actix',
  'axum',
  'other',
] as const;

export type Framework = (typeof FRAMEWORKS)[number];

export function isFramework(value: string): value is Framework {
  return (FRAMEWORKS as readonly string[]).includes(value);
}

/** What each framework is, for people choosing among them. */
export const FRAMEWORK_LABELS: Record<Framework, string> = {
  express: 'Express (Node.js)',
  fastify: 'Fastify (Node.js)',
  nestjs: 'NestJS (Node.js)',
  koa: 'Koa (Node.js)',
  hono: 'Hono (Node.js, Bun, Deno, edge)',
  next: 'Next.js route handlers (Node.js)',
  gin: 'Gin (Go)',
  echo: 'Echo (Go)',
  chi: 'chi (Go)',
  fiber: 'Fiber (Go)',
  fastapi: 'FastAPI (Python)',
  flask: 'Flask (Python)',
  django: 'Django (Python)',
  spring: 'Spring Boot (Java, Kotlin)',
  laravel: 'Laravel (PHP)',
  rails: 'Ruby on Rails',
  actix: 'Actix Web (Rust)',
  axum: 'axum (Rust)',
  other: 'other',
};

/** The port a fresh project of each framework listens on in development. */
export const DEFAULT_PORTS: Record<Framework, number> = {
  express: 3000,
  fastify: 3000,
  nestjs: 3000,
  koa: 3000,
  hono: 3000,
  next: 3000,
  gin: 8080,
  echo: 8080,
  chi: 8080,
  fiber: 3000,
  fastapi: 8000,
  flask: 5000,
  django: 8000,
  spring: 8080,
  laravel: 8000,
  rails: 3000,
  actix: 8080,
  axum: 3000,
  other: 3000,
};
