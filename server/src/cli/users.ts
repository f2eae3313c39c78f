import { roleLabels, roles, type Role } from '@common/roles.js';
import { emailField } from '@common/schemas/fields.js';
import { addAdmin, changeAdminPassword, listAdmins, removeAdmin } from '../features/auth/service.js';
import { passwordProblem } from '../lib/password-policy.js';
import { generatePassword } from '../lib/passwords.js';
import { openConfiguredDatabase } from './open.js';

const usage = `Gebruik:
  npm run user:add -- <email> [--role beheerder|medewerker|monitor] [--password-stdin]
  npm run user:passwd -- <email> [--password-stdin]
  npm run user:list
  npm run user:remove -- <email>`;

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

/** The password from standard input with --password-stdin, else a generated one that is printed once. */
async function passwordFromArgs(args: string[]): Promise<{ password: string; generated: boolean }> {
  if (args.includes('--password-stdin')) {
    const password = await readStdin();
    const problem = passwordProblem(password);
    if (problem) {
      console.error(problem);
      process.exit(1);
    }
    return { password, generated: false };
  }
  return { password: generatePassword(), generated: true };
}

/** `--role <role>` (or `--role=<role>`); a user added without one is a beheerder, as every user was before roles. */
function roleFromArgs(args: string[]): Role {
  const index = args.findIndex((a) => a === '--role' || a.startsWith('--role='));
  if (index < 0) return 'beheerder';
  const value = args[index]!.includes('=') ? args[index]!.slice('--role='.length) : args[index + 1];
  const role = roles.find((r) => r === value);
  if (!role) {
    console.error(`Onbekende rol ${value ?? ''}: kies ${roles.join(', ')}.\n${usage}`);
    process.exit(1);
  }
  return role;
}

/** The arguments without `--role <role>`, so the role's value is never taken for the address. */
function withoutRole(args: string[]): string[] {
  const index = args.indexOf('--role');
  return index < 0 ? args : [...args.slice(0, index), ...args.slice(index + 2)];
}

function emailFromArgs(args: string[]): string {
  const email = withoutRole(args).find((a) => !a.startsWith('--'));
  const parsed = emailField.safeParse(email ?? '');
  if (!parsed.success) {
    console.error(`Geef een geldig e-mailadres.\n${usage}`);
    process.exit(1);
  }
  return parsed.data;
}

/** The database's own words: drizzle wraps the driver's error, whose message says what went wrong. */
function databaseReason(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return cause instanceof Error ? cause.message : String(cause);
}

async function main() {
  const [command, ...args] = process.argv.slice(2);
  if (!command || !['add', 'passwd', 'list', 'remove'].includes(command)) {
    console.error(usage);
    process.exit(1);
  }
  const email = command === 'list' ? '' : emailFromArgs(args);
  const role = command === 'add' ? roleFromArgs(args) : 'beheerder';
  const password = command === 'add' || command === 'passwd' ? await passwordFromArgs(args) : null;
  const database = await openConfiguredDatabase();
  const { db } = database;
  let exitCode = 0;
  try {
    if (command === 'add') {
      if ((await listAdmins(db)).some((admin) => admin.email === email.trim().toLowerCase())) {
        console.error(`Gebruiker ${email} bestaat al.`);
        exitCode = 1;
      } else {
        try {
          await addAdmin(db, email, password!.password, role);
          console.log(`${roleLabels[role]} ${email} toegevoegd.`);
        } catch (error) {
          console.error(`Gebruiker ${email} niet toegevoegd: ${databaseReason(error)}`);
          exitCode = 1;
        }
      }
    } else if (command === 'passwd') {
      if (await changeAdminPassword(db, email, password!.password))
        console.log(`Wachtwoord van ${email} gewijzigd; open sessies zijn afgemeld.`);
      else {
        console.error(`Geen beheerder ${email}.`);
        exitCode = 1;
      }
    } else if (command === 'list') {
      for (const admin of await listAdmins(db)) console.log(`${admin.email}\t${admin.role}\t${admin.createdAt}`);
    } else if (command === 'remove') {
      if (await removeAdmin(db, email)) console.log(`Beheerder ${email} verwijderd.`);
      else {
        console.error(`Geen beheerder ${email}.`);
        exitCode = 1;
      }
    }
    if (exitCode === 0 && password?.generated) console.log(`Wachtwoord: ${password.password}`);
  } finally {
    await database.close();
  }
  process.exit(exitCode);
}

void main();
