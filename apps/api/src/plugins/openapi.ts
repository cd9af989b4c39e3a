import swagger from '@fastify/swagger';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * OpenAPI document generated from the routes' zod schemas (the same ones in libs/contracts),
 * served as JSON at /api/docs and /api/docs/json. Register before the routes.
 */
export const openApiPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Fieldcraft API',
          description:
            'Every error body is { error, code, issues? }. Sign-in sets the fc_session cookie.',
          version: '1.0.0',
        },
        components: {
          securitySchemes: {
            session: { type: 'apiKey', in: 'cookie', name: 'fc_session' },
          },
        },
      },
      transform: jsonSchemaTransform,
    });

    app.after(() => {
      for (const url of ['/api/docs', '/api/docs/json']) {
        app.get(url, { schema: { hide: true } }, async () => app.swagger());
      }
    });
  },
  { name: 'openapi' },
);
