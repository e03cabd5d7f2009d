import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyRequest,
} from 'fastify';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { DATABASE_POOL_SIZE, type AppConfig } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db/connection.ts';
import { accountsRoutes } from './features/accounts/accounts.routes.ts';
import { recordSessionActivity } from './features/accounts/session.service.ts';
import { branchesRoutes } from './features/branches/branches.routes.ts';
import { documentsRoutes } from './features/documents/documents.routes.ts';
import {
  notificationsRoutes,
  SERVICE_RESTART_CLOSE,
} from './features/notifications/notifications.routes.ts';
import { optionsRoutes } from './features/options/options.routes.ts';
import { patientsRoutes } from './features/patients/patients.routes.ts';
import { queueDisplayRoutes } from './features/queue-display/queue-display.routes.ts';
import { queueRoutes } from './features/queue/queue.routes.ts';
import { reportsRoutes } from './features/reports/reports.routes.ts';
import { visitsRoutes } from './features/visits/visits.routes.ts';
import { vitalsRoutes } from './features/vitals/vitals.routes.ts';
import { diagnosesRoutes } from './features/diagnoses/diagnoses.routes.ts';
import { allergiesRoutes } from './features/allergies/allergies.routes.ts';
import { medicalCertificatesRoutes } from './features/medical-certificates/mc.routes.ts';
import { catalogsRoutes } from './features/catalogs/catalogs.routes.ts';
import { inventoryRoutes } from './features/inventory/inventory.routes.ts';
import { requisitionsRoutes } from './features/requisitions/requisitions.routes.ts';
import { stockTallyRoutes } from './features/stock-tally/stock-tally.routes.ts';
import { purchasingRoutes } from './features/purchasing/purchasing.routes.ts';
import { prescriptionsRoutes } from './features/prescriptions/prescriptions.routes.ts';
import { dispensingRoutes } from './features/dispensing/dispensing.routes.ts';
import { billingRoutes } from './features/billing/billing.routes.ts';
import { subsidiesRoutes } from './features/subsidies/subsidies.routes.ts';
import { billingPrintsRoutes } from './features/billing-prints/billing-prints.routes.ts';
import { printerRoutes } from './features/printer/printer.routes.ts';
import { creditNotesRoutes } from './features/credit-notes/credit-notes.routes.ts';
import { referralsRoutes } from './features/referrals/referrals.routes.ts';
import { dashboardRoutes } from './features/dashboard/dashboard.routes.ts';
import { billingSearchRoutes } from './features/billing-search/billing-search.routes.ts';
import { companiesRoutes } from './features/companies/companies.routes.ts';
import { billingSettingsRoutes } from './features/billing/billing-settings.routes.ts';
import { auditTrailRoutes } from './features/audit-trail/audit-trail.routes.ts';
import { installAccessGuard } from './platform/access.ts';
import type { AppContext } from './platform/app-context.ts';
import { requireAuditDeclarations } from './platform/audit.ts';
import { requireClinicalPolicy } from './platform/clinical-policy.ts';
import { frameworkErrorReply, installErrorHandling } from './platform/error-handler.ts';
import { InProcessEventBus, PostgresEventBus, type EventBus } from './platform/event-bus.ts';
import { FairShare, installFairShare } from './platform/fair-share.ts';
import { installHealthRoutes } from './platform/health.ts';
import { MailOutbox } from './platform/mail.ts';
import { createMetrics, installMetrics } from './platform/metrics.ts';
import { openStorage } from './platform/storage/index.ts';
import { Throttle } from './platform/throttle.ts';
import { zodValidatorCompiler } from './platform/validation.ts';
import { serveWebApp } from './platform/web-static.ts';

export interface BuildOptions {
  /** An open database to use instead of opening one from the config (tests share one). */
  database?: DatabaseHandle;
  /** false: no log; a stream: the log goes there (stdout by default). */
  logger?: boolean | { write(line: string): void };
}

declare module 'fastify' {
  interface FastifyInstance {
    appContext: AppContext;
  }
}

/** A hop count becomes Fastify's function form: trust the nearest `hops` proxies. */
function trustedProxies(setting: AppConfig['trustProxy']) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}

/** Query values that are credentials (a socket's session token, a display link's key). */
const SECRET_QUERY = /([?&](?:token|key)=)[^&]*/gi;

/** What a request log line shows: never a credential from the address. */
function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.replace(SECRET_QUERY, '$1[redacted]'),
    remoteAddress: request.ip,
  };
}

/**
 * The web app loads only its own files; Mantine and the label printer set inline styles.
 * Plain HTTP stays usable (a clinic's LAN address), so requests are not upgraded to HTTPS.
 * Printing (docs/architecture.md, "Printing"): the PDF renderer's layout engine is
 * WebAssembly shipped inside its own script as a data: URI, which it fetches and compiles
 * ('wasm-unsafe-eval' allows compiling WebAssembly only, not eval of JavaScript); the
 * preview and the print job show the PDF in a frame of a blob: URL.
 */
const CONTENT_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  connectSrc: ["'self'", 'data:'],
  frameSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  frameAncestors: ["'self'"],
  upgradeInsecureRequests: null,
};

/** LISTEN/NOTIFY across API instances on PostgreSQL; in-process on the embedded database. */
async function openEventBus(
  database: DatabaseHandle,
  log: FastifyBaseLogger,
  listenUrl: string | undefined,
): Promise<EventBus> {
  if (!database.appConnectionString) return new InProcessEventBus(log);
  // LISTEN needs a session connection: EVENTS_DATABASE_URL when queries go through a
  // transaction-mode pooler.
  const bus = new PostgresEventBus(listenUrl ?? database.appConnectionString, log);
  await bus.start();
  return bus;
}

/**
 * API answers carry patient data: no browser or proxy may keep them (`no-store`, unless a
 * route chose its own caching). HSTS is sent only over HTTPS (directly, or as a trusted
 * proxy's X-Forwarded-Proto says).
 */
function privateAnswers(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
  });
}

/** Sockets that have not finished their closing handshake by then are dropped. */
const SOCKET_CLOSE_GRACE_MS = 2000;

/**
 * On shutdown every open socket is closed with 1012 "service restart", which the web
 * client answers by reconnecting (to another instance, or to this one once it is back);
 * only 4401 means the session ended.
 */
async function closeSocketsForRestart(app: FastifyInstance): Promise<void> {
  const clients = [...app.websocketServer.clients];
  const closed = clients.map(
    (client) =>
      new Promise<void>((done) => {
        if (client.readyState === client.CLOSED) return done();
        client.once('close', () => done());
        client.close(SERVICE_RESTART_CLOSE, 'Service restart');
      }),
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.all(closed),
    new Promise((done) => (timer = setTimeout(done, SOCKET_CLOSE_GRACE_MS))),
  ]);
  clearTimeout(timer);
  for (const client of clients) if (client.readyState !== client.CLOSED) client.terminate();
}

/** Builds the whole application from its configuration: the composition root. */
export async function buildApp(
  config: AppConfig,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            serializers: { req: requestForLog },
            ...(typeof options.logger === 'object' ? { stream: options.logger } : {}),
          },
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    trustProxy: trustedProxies(config.trustProxy),
    logController: new LogController({ disableRequestLogging: !config.logRequests }),
    frameworkErrors: frameworkErrorReply,
    // On close: idle kept-alive connections are closed at once, busy ones after their answer.
    forceCloseConnections: 'idle',
  });
  // Once closing, every answer closes its connection: a kept-alive one would otherwise hold
  // the shutdown until the client drops it (Fastify keeps connections 72 s).
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
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
      preparedStatements: config.preparedStatements,
      poolSize: DATABASE_POOL_SIZE,
      statementTimeoutMs: config.statementTimeoutMs,
      migrate: true,
      onIdleError: (error) =>
        app.log.warn({ err: error }, 'idle database connection failed; it is replaced'),
    }));
  const events = await openEventBus(database, app.log, config.eventsDatabaseUrl);
  const { metrics, stop: stopMetrics } = createMetrics(
    database,
    events,
    config.metricsToken !== undefined,
  );
  const ctx: AppContext = {
    config,
    db: database.db,
    events,
    mail: new MailOutbox(database.db, {
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      log: app.log,
    }),
    throttle: new Throttle(database.db),
    log: app.log,
    metrics,
    storage: openStorage(config.storage),
  };
  app.decorate('appContext', ctx);
  ctx.mail.startRetrying(config.mailRetrySeconds);
  const pruning = setInterval(() => {
    ctx.throttle
      .prune()
      .catch((error: unknown) => app.log.warn({ err: error }, 'throttle prune failed'));
  }, 3600_000).unref();
  app.addHook('onClose', async () => {
    clearInterval(pruning);
    stopMetrics();
    ctx.mail.stop();
    await events.close();
    if (ownsDatabase) await database.close();
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Clinic management API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  // The API explorer keeps its own policy (its page has inline scripts); all else gets helmet's.
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  // HSTS only where the request came over HTTPS (see `privateAnswers`): a clinic may run
  // the app on a plain-HTTP LAN address.
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { directives: CONTENT_POLICY },
    strictTransportSecurity: false,
  });
  privateAnswers(app);
  await app.register(fastifyWebsocket, {
    options: { maxPayload: 64 * 1024 },
    preClose: async () => closeSocketsForRestart(app),
  });
  installAccessGuard(app, ctx.db, (principal) => recordSessionActivity(ctx, principal));
  requireAuditDeclarations(app);
  requireClinicalPolicy(app);
  installFairShare(
    app,
    new FairShare({ perClinic: config.clinicConcurrency, queuePerClinic: 100 }),
  );
  installMetrics(app, metrics, config.metricsToken);
  installHealthRoutes(app, ctx.db, events);

  // The whole API, one feature per line.
  await app.register(
    async (api) => {
      await api.register(accountsRoutes(ctx));
      await api.register(branchesRoutes(ctx));
      await api.register(optionsRoutes(ctx));
      await api.register(patientsRoutes(ctx));
      await api.register(queueRoutes(ctx));
      await api.register(queueDisplayRoutes(ctx));
      await api.register(visitsRoutes(ctx));
      await api.register(vitalsRoutes(ctx));
      await api.register(diagnosesRoutes(ctx));
      await api.register(allergiesRoutes(ctx));
      await api.register(medicalCertificatesRoutes(ctx));
      await api.register(notificationsRoutes(ctx));
      await api.register(documentsRoutes(ctx));
      await api.register(catalogsRoutes(ctx));
      await api.register(inventoryRoutes(ctx));
      await api.register(stockTallyRoutes(ctx));
      await api.register(requisitionsRoutes(ctx));
      await api.register(purchasingRoutes(ctx));
      await api.register(prescriptionsRoutes(ctx));
      await api.register(dispensingRoutes(ctx));
      await api.register(billingRoutes(ctx));
      await api.register(dashboardRoutes(ctx));
      await api.register(reportsRoutes(ctx));
      await api.register(auditTrailRoutes(ctx));
      await api.register(subsidiesRoutes(ctx));
      await api.register(billingPrintsRoutes(ctx));
      await api.register(printerRoutes(ctx));
      await api.register(billingSearchRoutes(ctx));
      await api.register(companiesRoutes(ctx));
      await api.register(billingSettingsRoutes(ctx));
      await api.register(creditNotesRoutes(ctx));
      await api.register(referralsRoutes(ctx));
    },
    { prefix: '/api/v1' },
  );

  if (config.webDist) await serveWebApp(app, config.webDist);
  return app;
}
