// Route schemas compiled on a route's first request instead of at start-up. Fastify compiles every
// route's validator (ajv) and response serializer (fast-json-stringify) while the app gets ready,
// and loads ajv to do it: a large share of start-up CPU spent on routes the first answer does not
// use. These factories hand fastify the same compilers it would build itself (fastify's own
// @fastify/ajv-compiler and @fastify/fast-json-stringify-compiler, with the options it passes),
// each wrapped so that a route's schema is compiled when the route is first used. A schema that
// does not compile then fails that request (500) rather than the start; the schemas are fixed in
// this code and every route is exercised by the tests.
import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';
import { quickAccept } from './quick-accept.js';

type Fn = ((data: unknown) => unknown) & { errors?: unknown };
type RouteCompiler = (routeSchema: unknown) => Fn;
type Builder = (externalSchemas: unknown, options: unknown) => RouteCompiler;

// Resolved from fastify's own location: the compilers it ships with, whatever their version.
const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));

function lazyFactory(pkg: string, validator: boolean): Builder {
  let real: Builder | undefined;
  return (externalSchemas, options) => {
    let compiler: RouteCompiler | undefined;
    return (routeSchema) => {
      let fn: Fn | undefined;
      // A well-formed request part is accepted without ajv (server/quick-accept.ts); anything
      // else, and every failure with its message, is ajv's.
      const quick = validator ? quickAccept((routeSchema as { schema?: unknown } | null)?.schema) : undefined;
      const lazy: Fn = (data) => {
        if (quick?.(data)) return true;
        if (!fn) {
          real ??= (fromFastify(pkg) as () => Builder)();
          compiler ??= real(externalSchemas, options);
          fn = compiler(routeSchema);
        }
        const out = fn(data);
        // fastify reads a failed validation's errors from the function itself.
        if (validator) lazy.errors = fn.errors;
        return out;
      };
      return lazy;
    };
  };
}

/** `schemaController` option for Fastify(): validators and serializers built on first use. */
export function lazySchemaController(): NonNullable<FastifyServerOptions['schemaController']> {
  // Fastify's types name ajv's and fast-json-stringify's own function types; what it calls is
  // the plain function and, on a failed validation, its `errors`.
  type Factory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
  return {
    compilersFactory: {
      buildValidator: lazyFactory('@fastify/ajv-compiler', true) as unknown as Factory['buildValidator'],
      buildSerializer: lazyFactory(
        '@fastify/fast-json-stringify-compiler',
        false,
      ) as unknown as Factory['buildSerializer'],
    },
  };
}
