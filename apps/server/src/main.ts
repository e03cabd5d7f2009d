import { buildApp } from './app.ts';
import { ConfigError, configFromEnv } from './config.ts';
import { demoSignIns, keepDemoQueues, seedDemo } from './seed/demo.ts';

/** Starts the server: migrates, seeds the demo clinic on an empty database, listens. */
async function main(): Promise<void> {
  const config = configFromEnv();
  const app = await buildApp(config);
  const demo = config.seedDemo ? await seedDemo(app.appContext) : 'absent';
  const stopDemoQueues = demo === 'absent' ? () => undefined : keepDemoQueues(app.appContext);
  await app.listen({ port: config.port, host: config.host });

  const database = config.databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}`;
  const lines = [
    '',
    `Clinic management is running at ${config.publicUrl}  (database: ${database})`,
    ...(demo === 'absent'
      ? []
      : [
          demo === 'created' ? 'Demo clinic created. Sign in with:' : 'Demo sign-ins:',
          ...demoSignIns.map(
            (s) =>
              `  ${s.username.padEnd(16)} ${s.password}   (${s.type === '50' ? 'Doctor' : s.type})`,
          ),
        ]),
    `API documentation: ${config.publicUrl}/api/docs`,
    ...(config.seedDemo && !process.env.HOST
      ? [
          `Listening on ${config.host} only: the demo users' password is published. To open the ` +
            'app to other devices, set HOST=0.0.0.0 (and SEED_DEMO=false for real use).',
        ]
      : []),
    '',
  ];
  process.stdout.write(lines.join('\n') + '\n');

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => shutDown(signal));
  }

  /**
   * Graceful shutdown (rolling deploys): stop accepting connections, answer the requests
   * in flight, close sockets with 1012 so clients reconnect elsewhere, close the database,
   * exit 0. After SHUTDOWN_TIMEOUT_SECONDS the process exits (1) whatever is still running.
   */
  function shutDown(signal: string): void {
    app.log.info(`${signal} received: finishing requests in flight, then exiting`);
    stopDemoQueues();
    setTimeout(() => {
      app.log.error(`shutdown took over ${config.shutdownTimeoutSeconds} s: exiting anyway`);
      process.exit(1);
    }, config.shutdownTimeoutSeconds * 1000).unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  }
}

main().catch((error: unknown) => {
  // Bad settings are the operator's to fix: say which, without a stack trace.
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
