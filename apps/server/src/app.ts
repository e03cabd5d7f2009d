import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import type { AppConfig } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db/connection.ts';
import { accountsRoutes } from './features/accounts/accounts.routes.ts';
import { branchesRoutes } from './features/branches/branches.routes.ts';
import { installAccessGuard } from './platform/access.ts';
import type { AppContext } from './platform/app-context.ts';
import { installErrorHandling } from './platform/error-handler.ts';
import { MailOutbox } from './platform/mail.ts';
import { Throttle } from './platform/throttle.ts';
import { zodValidatorCompiler } from './platform/validation.ts';
import { serveWebApp } from './platform/web-static.ts';

export interface BuildOptions {
  /** An open database to use instead of opening one from the config (tests share one). */
  database?: DatabaseHandle;
  logger?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    appContext: AppContext;
  }
}

/** Builds the whole application from its configuration: the composition root. */
export async function buildApp(
  config: AppConfig,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    logController: new LogController({ disableRequestLogging: !config.logRequests }),
  });
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);

  const ownsDatabase = !options.database;
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      appDatabaseUrl: config.appDatabaseUrl,
      dataDir: config.dataDir,
      migrate: true,
    }));
  const ctx: AppContext = {
    config,
    db: database.db,
    mail: new MailOutbox(database.db, {
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      log: app.log,
    }),
    throttle: new Throttle(database.db),
    log: app.log,
  };
  app.decorate('appContext', ctx);
  ctx.mail.startRetrying(config.mailRetrySeconds);
  app.addHook('onClose', async () => {
    ctx.mail.stop();
    if (ownsDatabase) await database.close();
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Clinic management API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  installAccessGuard(app, ctx.db);

  // The whole API, one feature per line.
  await app.register(
    async (api) => {
      await api.register(accountsRoutes(ctx));
      await api.register(branchesRoutes(ctx));
    },
    { prefix: '/api/v1' },
  );

  if (config.webDist) await serveWebApp(app, config.webDist);
  return app;
}
