import { cpus, release, totalmem, type } from 'node:os';
import type pg from 'pg';

export interface Machine {
  cpu: string;
  cores: number;
  memoryGiB: number;
  os: string;
  node: string;
  postgres: string;
  /** PostgreSQL settings that shape the figures. */
  postgresSettings: Record<string, string>;
  date: string;
  /** One-minute load average before the run: above zero, something else was busy. */
  loadBefore: number;
}

const SETTINGS = ['shared_buffers', 'work_mem', 'max_connections', 'synchronous_commit', 'jit'];

export async function describeMachine(client: pg.ClientBase, loadBefore: number): Promise<Machine> {
  const { rows } = await client.query<{ server_version: string }>('SHOW server_version');
  const postgresSettings: Record<string, string> = {};
  for (const name of SETTINGS) {
    const setting = await client.query<Record<string, string>>(`SHOW ${name}`);
    postgresSettings[name] = setting.rows[0]?.[name] ?? '?';
  }
  return {
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    cores: cpus().length,
    memoryGiB: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    os: `${type()} ${release()}`,
    node: process.version,
    postgres: rows[0]?.server_version ?? 'unknown',
    postgresSettings,
    date: new Date().toISOString(),
    loadBefore: Math.round(loadBefore * 100) / 100,
  };
}
