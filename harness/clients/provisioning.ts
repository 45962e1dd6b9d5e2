import type { Profile } from '../../contract/profile.js';
import {
  COMMANDS,
  PROVISIONING_PATHS,
  ResponseModelSchema,
  errorNameForCode,
  specErrorName,
  type AutomationKeyModel,
  type ProvisioningErrorName,
  type ResponseModel,
} from '../../contract/provisioning.js';
import { decrypt, encrypt, hmac, verify } from '../../contract/wire/envelope-crypto.js';
import type { HttpClient, HttpResponse } from '../http.js';
import type { OperationId } from '../../contract/operations.js';
import { Redactor } from '../redact.js';
import type { EvidenceView } from '../evidence-marks.js';

/** Ways a rule bends the envelope to reach a spec §5.8 / §7.3 condition. */
export interface EnvelopeTweak {
  userName?: string;
  platformCode?: string;
  /** Command as sent (spec §2.4 Command); default the operation's own */
  command?: unknown;
  /** encrypt this text instead of the model's JSON */
  plaintext?: string;
  /** send a Hash of other bytes than the plaintext */
  wrongHash?: boolean;
  /** replace Data with this text after encryption */
  data?: string;
  /** send this body instead of a RequestModel */
  rawBody?: string;
}

/** One provisioning exchange, decrypted and with its errors as spec §7.3 names. */
export interface ProvisioningReply {
  res: HttpResponse;
  /** the ResponseModel, when the body was one (B5) */
  model?: ResponseModel;
  errors: ProvisioningErrorName[];
  /** Errors entries that name no §7.3 error (or have the wrong type for the profile) */
  unrecognized: Array<string | number>;
  /** decrypted and parsed Data, when present */
  data?: unknown;
  /** why Data could not be read, when it could not */
  dataProblem?: string;
  /** whether Hash is HMAC-SHA512 of the decrypted Data (vendor-wire §8.5: not asserted) */
  hashVerified?: boolean;
  /** the IV the request was sealed with (a response IV may echo it: vendor-wire §5, clarification V2) */
  requestIv?: string;
  /** one line for failure messages: status and errors, no secrets */
  summary: string;
}

/** JSON indented for reading; anything else as it is. */
function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

const COMMAND_NAMES: Record<number, string> = Object.fromEntries(Object.entries(COMMANDS).map(([k, v]) => [v, k]));

/**
 * The provisioning interface (spec §4.5; B1, B5, vendor-wire §5): encrypts each request with the
 * provisioner key, decrypts each response, maps error codes (or names, profile
 * provisioning.reportsErrorNames) to spec §7.3 names, and attaches the decrypted models,
 * redacted, as evidence next to the raw exchange.
 */
export class ProvisioningClient {
  readonly base: string;

  constructor(
    private readonly http: HttpClient,
    private readonly profile: Profile,
    private readonly redact: Redactor = new Redactor(),
    /** where the decrypted view of each call goes (the rule's evidence, beside the raw exchange); none outside a rule */
    private readonly view?: EvidenceView,
  ) {
    this.base = (profile.urls.provisioning ?? `${profile.baseUrl.replace(/\/$/, '')}/Provisioning`).replace(/\/$/, '');
  }

  get #account() {
    const account = this.profile.provisioning;
    if (!account) throw new Error('the profile has no provisioning account (provisioning)');
    return account;
  }

  create(company: object, tweak?: EnvelopeTweak) {
    return this.provision(COMMANDS.Create, company, tweak);
  }

  update(company: object, tweak?: EnvelopeTweak) {
    return this.provision(COMMANDS.Update, company, tweak);
  }

  cancel(company: object, tweak?: EnvelopeTweak) {
    return this.provision(COMMANDS.Cancel, company, tweak);
  }

  /** spec §4.5 Provision a company: a CompanyModel and a Command. */
  provision(command: number, company: object, tweak: EnvelopeTweak = {}): Promise<ProvisioningReply> {
    const sent = tweak.command ?? command;
    const label = typeof sent === 'number' && COMMAND_NAMES[sent] ? `Provision ${COMMAND_NAMES[sent]}` : `Provision with Command ${JSON.stringify(sent)}`;
    return this.#send('provisioning.Provision', PROVISIONING_PATHS.provision, label, company, { ...tweak, command: sent });
  }

  /** spec §4.5 Get an encryption key (AutomationKeyModel). */
  getEncryptionKey(model: AutomationKeyModel, tweak: EnvelopeTweak = {}): Promise<ProvisioningReply> {
    return this.#send('provisioning.GetEncryptionKey', PROVISIONING_PATHS.getEncryptionKey, 'Get an encryption key', model, tweak);
  }

  /** spec §4.5 Create a new encryption key (AutomationKeyModel). */
  newEncryptionKey(model: AutomationKeyModel, tweak: EnvelopeTweak = {}): Promise<ProvisioningReply> {
    return this.#send('provisioning.NewEncryptionKey', PROVISIONING_PATHS.newEncryptionKey, 'Create a new encryption key', model, tweak);
  }

  async #send(id: OperationId, path: string, operation: string, model: object, tweak: EnvelopeTweak): Promise<ProvisioningReply> {
    const account = this.#account;
    const plaintext = tweak.plaintext ?? JSON.stringify(model);
    const sealed = encrypt(account.key, plaintext);
    // what the model sets (a company administrator's password) is hidden wherever it shows, by value
    this.redact.learnFromText(plaintext, 'provisioning', 'the CompanyModel the suite provisioned');
    const request: Record<string, unknown> = {
      UserName: tweak.userName ?? account.userName,
      PlatformCode: tweak.platformCode ?? account.platformCode,
      IV: sealed.iv,
      Data: tweak.data ?? sealed.data,
      // a Hash made wrong on purpose is shown in clear, marked deliberate
      Hash: tweak.wrongHash ? this.redact.deliberate(hmac(account.key, `${plaintext} `), 'Hash') : sealed.hash,
    };
    if (tweak.command !== undefined) request.Command = tweak.command;
    const headers = { accept: 'application/json', 'x-email': account.email, 'x-iv': sealed.iv };
    const res = await this.http.send('POST', `${this.base}${path}`, tweak.rawBody !== undefined ? { headers: { ...headers, 'content-type': 'application/json' }, body: tweak.rawBody, operation: id } : { headers, json: request, operation: id });
    const reply = this.#read(res, sealed.iv);
    this.#attach(operation, path, tweak, plaintext, request, reply);
    return reply;
  }

  #read(res: HttpResponse, requestIv: string): ProvisioningReply {
    const parsed = ResponseModelSchema.safeParse(res.json);
    const reply: ProvisioningReply = { res, errors: [], unrecognized: [], summary: '', requestIv };
    if (parsed.success && parsed.data.Errors !== undefined) {
      reply.model = parsed.data;
      for (const entry of parsed.data.Errors ?? []) {
        const name = this.#nameOf(entry);
        if (name) reply.errors.push(name);
        else if (!(entry === 0 || entry === 'NoError')) reply.unrecognized.push(entry);
      }
      this.#decryptData(reply, parsed.data, requestIv);
    }
    const errors = [...reply.errors, ...reply.unrecognized.map((u) => `unrecognized ${JSON.stringify(u)}`)];
    reply.summary = reply.model
      ? `HTTP ${res.status}, Errors [${errors.join(', ')}]`
      : `HTTP ${res.status} without a ResponseModel (body ${res.shown || 'empty'})`;
    return reply;
  }

  /** B5: integers by the vendor enum; with reportsErrorNames, spec or vendor spellings. */
  #nameOf(entry: string | number): ProvisioningErrorName | undefined {
    if (this.profile.provisioning?.reportsErrorNames) return typeof entry === 'string' ? specErrorName(entry) : undefined;
    return typeof entry === 'number' ? errorNameForCode(entry) : undefined;
  }

  #decryptData(reply: ProvisioningReply, model: ResponseModel, requestIv: string): void {
    if (!model.Data) return;
    const key = this.#account.key;
    // DMWEB-CS decrypts with the response IV; DMWEB-JAVA with the request's (vendor-wire §5)
    const iv = model.IV || requestIv;
    try {
      const text = decrypt(key, iv, model.Data);
      reply.hashVerified = model.Hash ? verify(key, text, model.Hash) : undefined;
      reply.data = JSON.parse(text);
      this.redact.learnFrom(reply.data, 'provisioning', `the decrypted answer of ${this.base}`);
    } catch (e) {
      reply.dataProblem = `Data could not be decrypted and parsed with the provisioner key: ${(e as Error).message}`;
    }
  }

  /** The decrypted request and response, redacted: a failure reads without decrypting by hand. */
  #attach(operation: string, path: string, tweak: EnvelopeTweak, plaintext: string, request: Record<string, unknown>, reply: ProvisioningReply): void {
    if (!this.view) return;
    const lines = [`${operation}: POST ${this.base}${path}`];
    if (tweak.rawBody !== undefined) lines.push('', `Body sent as is (not a RequestModel): ${this.redact.body(tweak.rawBody)}`);
    else {
      const shownCommand = request.Command === undefined ? '' : `, Command ${JSON.stringify(request.Command)}`;
      lines.push('', `RequestModel: UserName ${JSON.stringify(request.UserName)}, PlatformCode ${JSON.stringify(request.PlatformCode)}${shownCommand}`);
      const bent = [tweak.wrongHash && 'Hash deliberately wrong', tweak.data !== undefined && 'Data replaced after encryption'].filter(Boolean);
      if (bent.length) lines.push(`Envelope bent on purpose: ${bent.join('; ')}`);
      lines.push('Data, decrypted:', pretty(this.redact.body(plaintext)));
    }
    lines.push('', `Response: ${reply.summary}`);
    if (reply.model) lines.push(`TransactionId: ${String(reply.model.TransactionId ?? '(none)')}`, `Errors as sent: ${JSON.stringify(reply.model.Errors ?? null)}`);
    if (reply.data !== undefined) lines.push('Data, decrypted:', pretty(this.redact.body(JSON.stringify(reply.data))));
    if (reply.dataProblem) lines.push(reply.dataProblem);
    if (reply.hashVerified !== undefined) lines.push(`Response Hash is HMAC-SHA512 of the decrypted Data: ${reply.hashVerified ? 'yes' : 'no (not asserted: vendor-wire §8.5)'}`);
    this.view(`${operation} (decrypted) → ${reply.errors.length || reply.unrecognized.length ? reply.summary.replace(/^HTTP \d+, /, '') : `HTTP ${reply.res.status}`}`, lines.join('\n'));
  }
}
