/**
 * `npm run staff -- add EMAIL admin|moderator`, `remove EMAIL`, `list` (decision 0055): the
 * staff roles from a terminal, on the database the server uses. On PGlite only one process may
 * hold DATA_DIR: stop the server first (or list the address in STAFF_EMAILS). Every change is
 * written to the audit log as done by 'cli'.
 */
import path from 'node:path';
import { ConfigError, loadConfig } from '../src/server/config';
import { DataDirInUseError, lockDataDir, type DataDirLock } from '../src/server/data-dir-lock';
import { openDatabase } from '../src/server/db/client';
import { listStaff, setRoleByEmail } from '../src/server/modules/staff';
import { isStaffRole } from '../src/shared/staff/roles';

const USAGE = 'Usage: npm run staff -- add EMAIL admin|moderator | remove EMAIL | list';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main() {
  const [command, email, role] = process.argv.slice(2);
  if (command === 'add' && !(email && role && isStaffRole(role))) fail(USAGE);
  if (command === 'remove' && !email) fail(USAGE);
  if (command !== 'add' && command !== 'remove' && command !== 'list') fail(USAGE);

  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  let lock: DataDirLock | undefined;
  if (!config.databaseUrl) {
    try {
      lock = await lockDataDir(config.dataDir, () => fail('Lost the lock on DATA_DIR; stopped.'));
    } catch (error) {
      if (error instanceof DataDirInUseError) {
        fail(
          `Reverie is running on ${config.dataDir}. Stop Reverie first, or list the address in ` +
            'STAFF_EMAILS (it becomes admin when it next signs in).',
        );
      }
      throw error;
    }
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  try {
    await database.migrate();
    if (command === 'list') {
      const staff = await listStaff(database.db);
      if (staff.length === 0) console.log('No staff yet.');
      for (const s of staff) {
        console.log(`${s.email}\t${s.role}\t${s.twoFactorEnabled ? '2FA on' : '2FA off'}`);
      }
      return;
    }
    const newRole = command === 'add' ? (role as 'admin' | 'moderator') : 'user';
    const change = await setRoleByEmail(database.db, email!, newRole);
    if (change.outcome === 'no-account') {
      process.exitCode = 1;
      console.error(`No account uses ${email}. It must sign up first.`);
    } else if (change.outcome === 'unchanged') {
      console.log(`${email} is already ${newRole}.`);
    } else {
      console.log(`${email}: ${change.from} → ${newRole}.`);
      if (newRole === 'user' && config.staffEmails.includes(email!.trim().toLowerCase())) {
        console.warn(
          `${email} is listed in STAFF_EMAILS: it becomes admin again when it next signs in. ` +
            'Take it off the list and restart Reverie.',
        );
      }
      if (newRole !== 'user') {
        console.log('The staff console needs two-factor authentication: set it up in Account.');
      }
    }
  } finally {
    await database.close();
    await lock?.release();
  }
}

await main();
