import fs from 'node:fs';
import path from 'node:path';

/** DATA_DIR, or a folder inside it, that other users can read and whose mode cannot be changed. */
export class DataDirError extends Error {}

/** What prepareDataDir did to the modes of DATA_DIR's contents. */
export interface ModeRepair {
  /** Entries whose group and world permissions were taken away. */
  repaired: number;
  /** Entries whose mode could not be changed (owned by another user): they stay as they were. */
  failed: number;
  /** True when the walk stopped at its bound before it had seen every entry. */
  truncated: boolean;
}

/** How many entries a walk looks at, at most: a PGlite cluster holds about 1,100. */
export const MAX_REPAIRED_ENTRIES = 100_000;

/** The bits that let the file's group or anyone else read, write or enter it. */
const OTHERS = 0o077;

export interface ModeOps {
  chmod(file: string, mode: number): void;
}

const realOps: ModeOps = { chmod: (file, mode) => fs.chmodSync(file, mode) };

const octal = (mode: number) => `0${(mode & 0o777).toString(8)}`;

/**
 * Takes the group's and the world's permissions away from everything under `root` (not `root`
 * itself), folders and files alike, without following symbolic links; stops after `maxEntries`.
 * An entry whose mode cannot be changed is counted and left: inside a private folder nobody else
 * reaches it anyway.
 */
export function repairModes(
  root: string,
  options: { maxEntries?: number; ops?: ModeOps } = {},
): ModeRepair {
  const ops = options.ops ?? realOps;
  const maxEntries = options.maxEntries ?? MAX_REPAIRED_ENTRIES;
  const report: ModeRepair = { repaired: 0, failed: 0, truncated: false };
  const folders = [root];
  let seen = 0;
  while (folders.length > 0) {
    const folder = folders.pop()!;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(folder, { withFileTypes: true });
    } catch {
      report.failed += 1;
      continue;
    }
    for (const entry of entries) {
      if (++seen > maxEntries) {
        report.truncated = true;
        return report;
      }
      if (entry.isSymbolicLink()) continue;
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) folders.push(file);
      let mode: number;
      try {
        mode = fs.lstatSync(file).mode;
      } catch {
        continue; // gone since it was listed (a WAL segment recycled)
      }
      if ((mode & OTHERS) === 0) continue;
      try {
        ops.chmod(file, mode & 0o7700);
        report.repaired += 1;
      } catch {
        report.failed += 1;
      }
    }
  }
  return report;
}

/**
 * Makes `dir` private to the user running the server: creates it with mode 0700, or takes the
 * group's and the world's permissions away. Throws DataDirError, as PostgreSQL refuses a data
 * directory others can read, when they cannot be taken away.
 */
export function ensurePrivateDir(dir: string, ops: ModeOps = realOps): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  // Windows has no such modes (Node reports 0o666 whatever the access lists say): nothing to do.
  if (process.platform === 'win32') return;
  const mode = fs.statSync(dir).mode;
  if ((mode & OTHERS) === 0) return;
  try {
    ops.chmod(dir, mode & 0o7700);
  } catch {
    // Told below, with what to do.
  }
  const now = fs.statSync(dir).mode;
  if ((now & OTHERS) !== 0) {
    throw new DataDirError(
      `The data folder "${dir}" can be read by other users (mode ${octal(now)}) and its mode could not be changed. It holds the database and the encryption key: make it private to the user running Hospes (chmod 700 "${dir}"), or give that user ownership of it.`,
    );
  }
}

/**
 * DATA_DIR as the server needs it at start (decision 040): DATA_DIR, and its pgdata folder when
 * there is one, private to the server's user (else DataDirError), and everything inside them
 * (the database's files, the outbox's e-mails, the encryption key) readable by that user only.
 */
export function prepareDataDir(
  dataDir: string,
  options: { maxEntries?: number; ops?: ModeOps } = {},
): ModeRepair {
  ensurePrivateDir(dataDir, options.ops);
  if (process.platform === 'win32') return { repaired: 0, failed: 0, truncated: false };
  const pgdata = path.join(dataDir, 'pgdata');
  if (fs.existsSync(pgdata)) ensurePrivateDir(pgdata, options.ops);
  return repairModes(dataDir, options);
}
