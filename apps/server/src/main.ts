import { buildApp } from './app.ts';
import { configFromEnv } from './config.ts';
import { demoSignIns, seedDemo } from './db/seed/demo.ts';

/** Starts the server: migrates, seeds the demo clinic on an empty database, listens. */
async function main(): Promise<void> {
  const config = configFromEnv();
  const app = await buildApp(config);
  const demo = process.env.SEED_DEMO === 'false' ? 'absent' : await seedDemo(app.appContext);
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
    '',
  ];
  process.stdout.write(lines.join('\n') + '\n');

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void app.close().then(() => process.exit(0));
    });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
