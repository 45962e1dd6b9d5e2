import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { startReferenceTarget } from '../run/run-context.js';

/**
 * `serve`: the reference server alone, for implementers who want a reference to compare with.
 * Its generated profile (with its throwaway passwords) goes to a file, never to the console.
 */
export async function serve(flags: { port?: string; host?: string; profileOut?: string }, log: (line: string) => void = console.log): Promise<void> {
  const { reference } = await startReferenceTarget(process.env, { port: flags.port ? Number(flags.port) : 0, host: flags.host });
  const profilePath = resolve(flags.profileOut ?? 'reference.profile.json');
  writeFileSync(profilePath, `${JSON.stringify(reference.profile, null, 2)}\n`, { mode: 0o600 });
  const base = reference.url;
  log(`Reference server (variant ${reference.state.variant.describe()}) listening at ${base}`);
  log(`  token           ${base}/Token`);
  log(`  messaging REST  ${base}/SecureMessagingAPI`);
  log(`  provisioning    ${base}/Provisioning`);
  log(`  directory       ${base}/HpdProxyApi`);
  log(`  SMTP gateway    ${reference.smtp.host}:${reference.smtp.port} (STARTTLS, AUTH PLAIN/LOGIN)`);
  log(`Profile (with this instance's account secrets) written to ${profilePath}`);
  log(`Run the suite against it:  npm run conformance -- --profile ${profilePath}`);
  log('Stop with Ctrl-C.');
  const stop = async () => {
    await reference.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
