/**
 * Starts one backoffice server for the whole run: a fresh temporary data dir (SQLite, embedded
 * NATS, in-process cache), the demo data, 127.0.0.1 trusted as a proxy so each test can claim
 * its own client address through X-Forwarded-For, and the extra users the journeys need
 * (created with the CLI, which only opens the database and is safe beside the server).
 * The returned function is the global teardown.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXTRA_USERS } from './users';

const here = path.dirname(fileURLToPath(import.meta.url));
// E2E_BINARY points a run at another build (e.g. one made outside the shared bin/ while others build).
const binary = process.env.E2E_BINARY ? path.resolve(process.env.E2E_BINARY) : path.resolve(here, '../../../bin/backoffice');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForReady(baseURL: string, server: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`backoffice serve exited with ${server.exitCode}; see ${logFile}`);
    try {
      const answer = await fetch(`${baseURL}/readyz`);
      if (answer.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`backoffice did not become ready within 60 s; see ${logFile}`);
}

function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => server.kill('SIGKILL'), 10_000);
    server.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    server.kill('SIGTERM');
  });
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(binary)) throw new Error(`${binary} is missing: run "go tool task build" in the repository root first`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'backoffice-e2e-'));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    BACKOFFICE_ADDR: `127.0.0.1:${port}`,
    BACKOFFICE_DATA_DIR: dataDir,
    BACKOFFICE_SEED_DEMO: 'true',
    BACKOFFICE_TRUSTED_PROXIES: '127.0.0.1',
    BACKOFFICE_LOG_LEVEL: 'warn',
    // An outer environment must not point the run at shared services.
    BACKOFFICE_DATABASE_URL: '',
    BACKOFFICE_NATS_URL: '',
    BACKOFFICE_REDIS_URL: '',
  };

  const logFile = path.join(dataDir, 'server.log');
  const log = createWriteStream(logFile);
  const server = spawn(binary, ['serve'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);

  try {
    await waitForReady(baseURL, server, logFile);
    for (const user of EXTRA_USERS) {
      const args = ['user', 'create', '--username', user.username, '--role', user.role, '--company', 'Demo S.A.S.'];
      args.push('--first-name', user.firstName, '--last-name', user.lastName, '--password-stdin');
      if (user.require2fa) args.push('--require-2fa');
      const created = spawnSync(binary, args, { env, input: `${user.password}\n`, encoding: 'utf8' });
      if (created.status !== 0) {
        throw new Error(`user create ${user.username} failed (${created.status}): ${created.stderr}${created.stdout}`);
      }
    }
  } catch (error) {
    await stop(server);
    throw error;
  }

  process.env.E2E_BASE_URL = baseURL;
  process.env.E2E_DATA_DIR = dataDir;
  console.log(`backoffice serving ${baseURL} (data dir ${dataDir})`);

  return async () => {
    await stop(server);
    log.end();
    if (!process.env.E2E_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
  };
}
