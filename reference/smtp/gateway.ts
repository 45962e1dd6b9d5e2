import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerAddress, type SMTPServerAuthentication, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { ruleOfEhloName } from '../../contract/rule-channel.js';
import { parseMime } from '../core/mail/mime.js';
import { admits } from '../core/smtp-settings.js';
import type { ReferenceState } from '../state.js';
import type { SmtpPolicy } from './policy.js';
import { tapConnection, type SmtpSink, type SmtpTap } from './tap.js';

/** Largest message the gateway takes (RFC 1870 SIZE); larger ones get 552. */
const MAX_MESSAGE_BYTES = 512 * 1024;

export interface RunningGateway {
  host: string;
  port: number;
  /** records every command of every later session into `sink` (serve --judge), until the returned function is called */
  record(sink: SmtpSink): () => void;
  close(): Promise<void>;
}

/** What the gateway knows of one connection beyond smtp-server's session. */
interface Connection {
  /** the rule named in the EHLO name (contract/smtp.ts), for scoped faults */
  rule?: string;
  /** a refused address whose mail a policy takes and throws away */
  discard?: boolean;
  /** the recording of this connection's commands, when a sink listens (tap.ts) */
  tap?: SmtpTap;
}

/**
 * The gateway's TLS certificate: self-signed, made when the process first starts a gateway and
 * kept in memory only (never a checked-in key); reference instances of one process share it.
 * An ECDSA P-256 key (RFC 8422, offered by every TLS 1.2 and 1.3 client): made in about 25 ms,
 * where an RSA 2048 key took 200-400 ms of every run's start. The X.509 library loads with it
 * (about 100 ms more), after the gateway listens: STARTTLS waits for it, nothing else does.
 */
const certificate = (() => {
  let made: Promise<{ private: string; cert: string }> | undefined;
  return () =>
    (made ??= import('selfsigned').then(({ generate }) => generate([{ name: 'commonName', value: 'localhost' }], {
      keyType: 'ec',
      curve: 'P-256',
      algorithm: 'sha256',
      notAfterDate: new Date(Date.now() + 7 * 86_400_000),
      extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }, { type: 7, ip: '127.0.0.1' }] }],
    })));
})();

type Refusal = Error & { responseCode: number };
const refusal = (code: number, text: string): Refusal => Object.assign(new Error(text), { responseCode: code });

/**
 * The reference SMTP gateway (spec §1 SMTP paragraph, §4.2 SMTP rows, B7) on its own port:
 * STARTTLS on a certificate made at start, AUTH PLAIN and LOGIN with the company SMTP
 * credentials (state.smtp), the company's whitelist enforced on the connecting address before
 * any mail is accepted, and mail for a user of the service delivered to that user's Inbox as
 * SentPlainText (status 5, spec §4.3 Get unread).
 */
export async function startGateway(state: ReferenceState, host: string, port = 0): Promise<RunningGateway> {
  const { smtp: settings, domain, mailbox, faults } = state;
  const readings = state.readings.smtp;
  const connections = new Map<string, Connection>();
  const sinks = new Set<SmtpSink>();
  const of = (session: SMTPServerSession): Connection => connections.get(session.id) ?? {};
  /** The gateway's policy for the connection's rule (policy.ts): the spec's, as the faults on for it answer otherwise. */
  const policy = (session: SMTPServerSession): SmtpPolicy => faults.smtpPolicy(of(session).rule);

  /** B7: the authenticated company's whitelist in force admits the connecting address (none in force: every address). */
  function admitted(companyId: number, session: SMTPServerSession): boolean {
    const entries = policy(session).whitelistInForce(settings.credentials(companyId).endpoints, settings.listsSet(companyId));
    return entries === undefined || entries.some((e) => admits(e, session.remoteAddress, readings.subnetForm));
  }

  /** Refuses a non-whitelisted address at this stage of the dialogue (variant), or lets it through. */
  function gate(stage: typeof readings.refusalStage, session: SMTPServerSession, companyId: number): Refusal | undefined {
    if (stage !== readings.refusalStage || admitted(companyId, session)) return undefined;
    of(session).tap?.outsideWhitelist();
    if (!policy(session).refusesOutsider()) {
      of(session).discard = true;
      return undefined;
    }
    const code = policy(session).outsiderRefusalCode(readings.refusalCode);
    return refusal(code, `${code === 451 ? '4.7.1' : '5.7.1'} Client address ${session.remoteAddress} is not on this company's SMTP whitelist`);
  }

  function authenticate(auth: SMTPServerAuthentication, session: SMTPServerSession): number | undefined {
    const user = auth.username ?? '';
    const password = auth.password ?? '';
    const p = policy(session);
    const companyId = settings.authenticate(user, password, faults.credentialPolicy(of(session).rule));
    if (companyId !== undefined) return p.currentPasswordOpens(password, settings.issuedPasswords(companyId)) ? companyId : undefined;
    const claimed = settings.companyOf(user);
    if (claimed !== undefined) return p.wrongPasswordOpens(password, settings.issuedPasswords(claimed)) ? claimed : undefined;
    return p.companyForUnknownUser(password, new Map([...domain.companies.keys()].map((id) => [id, settings.issuedPasswords(id)])));
  }

  const server = new SMTPServer({
    secure: false,
    name: 'localhost',
    banner: readings.banner,
    heloResponse: readings.heloResponse,
    authMethods: ['PLAIN', 'LOGIN'],
    // AUTH only inside TLS: the credentials never cross the wire in clear
    allowInsecureAuth: false,
    size: MAX_MESSAGE_BYTES,
    disableReverseLookup: true,
    logger: false,
    maxClients: 64,
    socketTimeout: 30_000,
    closeTimeout: 1_000,

    onConnect(session, callback) {
      connections.set(session.id, {});
      const connection = [...server.connections].find((c) => c.session === session);
      if (connection && sinks.size > 0) of(session).tap = tapConnection(connection, session, [...sinks]);
      if (connection) {
        // smtp-server has no per-session EHLO hook: wrap this connection's handlers to learn
        // the rule (contract/smtp.ts) and to apply the faults that act on EHLO and STARTTLS
        const ehlo = connection.handler_EHLO.bind(connection);
        connection.handler_EHLO = (command, done) => {
          const name = command.toString().trim().split(/\s+/)[1] ?? '';
          of(session).rule ??= ruleOfEhloName(name);
          if (!policy(session).offersEhlo()) {
            connection.send(502, '5.5.1 Error: command not recognized');
            return done();
          }
          session.disabledCommands = policy(session).offersStartTls() ? undefined : ['STARTTLS'];
          ehlo(command, done);
        };
        const starttls = connection.handler_STARTTLS.bind(connection);
        connection.handler_STARTTLS = (command, done) => {
          const refuse = () => {
            connection.send(454, '4.7.0 TLS not available due to temporary reason');
            done();
          };
          if (!policy(session).startsTls()) return refuse();
          // TLS on the gateway's own certificate only, once it is made
          tls.then(() => starttls(command, done), refuse);
        };
      }
      callback();
    },

    onAuth(auth, session, callback) {
      const companyId = policy(session).acceptsAuthMethod(auth.method) ? authenticate(auth, session) : undefined;
      if (companyId === undefined) return callback(refusal(535, '5.7.8 Authentication credentials invalid'));
      const refused = gate('auth', session, companyId);
      if (refused) return callback(refused);
      callback(null, { user: companyId });
    },

    onMailFrom(_address, session, callback) {
      // the test-only refusal mode (reference/refusals.ts): the gateway takes no mail
      if (state.refusals.refuses('smtp.Deliver', of(session).rule)) return callback(refusal(554, `5.7.1 ${state.refusals.text('smtp.Deliver')}`));
      callback(gate('mail-from', session, session.user as number));
    },

    onRcptTo(address: SMTPServerAddress, session, callback) {
      const refused = gate('rcpt', session, session.user as number);
      if (refused) return callback(refused);
      // the reference relays nowhere: only users of the service receive mail
      if (!domain.findUserByEmail(address.address)) return callback(refusal(550, '5.1.1 No such user of the service'));
      callback();
    },

    onData(stream: SMTPServerDataStream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (stream.sizeExceeded) return callback(refusal(552, `5.3.4 Message exceeds the gateway's ${MAX_MESSAGE_BYTES} bytes`));
        if (of(session).discard) return callback(null, '2.0.0 Message accepted');
        deliver(session, Buffer.concat(chunks).toString('utf8'))
          .then((mids) => callback(null, `2.0.0 Delivered as ${mids.join(', ')}`))
          .catch(() => callback(refusal(451, '4.3.0 Message could not be delivered')));
      });
    },

    onClose(session) {
      connections.delete(session.id);
    },
  });
  // the certificate, installed once made: until then smtp-server's own context stands, which no STARTTLS reaches
  const tls = certificate().then((pems) => server.updateSecureContext({ key: pems.private, cert: pems.cert }));
  tls.catch(() => undefined); // a STARTTLS then answers 454

  /** Delivers one message to every recipient, as plain text over TLS (status 5). */
  async function deliver(session: SMTPServerSession, raw: string): Promise<number[]> {
    const p = policy(session);
    if (!p.delivers()) return [];
    const parsed = await parseMime(raw);
    const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
    const fields = p.deliveredMessage({ from: parsed?.from ?? envelopeFrom, subject: parsed?.subject ?? '', textBody: parsed?.textBody ?? raw });
    const mids: number[] = [];
    for (const rcpt of session.envelope.rcptTo) {
      const user = domain.findUserByEmail(rcpt.address);
      if (!user) continue;
      const content = p.deliversAsPlainTextTls() ? mailbox.deliverPlainTextTls(user, fields) : mailbox.deliver(user, fields);
      mids.push(content.mid);
    }
    return mids;
  }

  server.on('error', (err) => {
    if (!faults.size) console.error(`reference SMTP gateway: ${err.message}`);
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.server.address() as AddressInfo;
  return {
    host,
    port: address.port,
    record: (sink) => {
      sinks.add(sink);
      return () => sinks.delete(sink);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
