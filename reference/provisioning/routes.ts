import { Hono } from 'hono';
import { COMMANDS, type CommandName, type ProvisioningErrorName } from '../../contract/provisioning.js';
import { decrypt, encrypt, hmac, open } from '../../contract/wire/envelope-crypto.js';
import type { ReferenceState } from '../state.js';
import type { AppEnv, Ctx } from '../http.js';
import { parseJson, readJson, scalarText } from '../json.js';
import { COMPANY_IN_RESPONSE, REFUSAL_STATUS, UNDECRYPTABLE_DATA } from '../axes/provisioning.js';
import { companyView, provision, type ProvisionScope } from './company.js';
import { getEncryptionKey, newEncryptionKey } from './keys.js';
import type { Provisioner } from './provisioners.js';
import { lenientRead, type InputFields } from '../axes/lenient.js';

/** The key under which the reference's CompanyModel names a company type (seeded into the profile). */
export const COMPANY_TYPE_FIELD = 'CompanyType';

/**
 * The decrypted CompanyModel / AutomationKeyModel under a lenient reading (axes
 * common.input-trimming, common.numeric-strings): every string trimmed, and the ints of spec §2.4
 * (Status, LicenseQuantity, Years) read from digits in a string.
 */
const COMPANY_MODEL_INPUT: InputFields = { text: '*', ints: ['Status', 'LicenseQuantity', 'Years'] };

type Opened = { ok: true; provisioner: Provisioner; body: Record<string, unknown>; model: Record<string, unknown> } | { ok: false; errors: ProvisioningErrorName[]; provisioner?: Provisioner };

/**
 * The provisioning interface at {base_url}/Provisioning (B1, B5, vendor-wire §5): encrypted
 * RequestModel in, ResponseModel out, HTTP 200 even when Errors is not empty.
 */
export function provisioningRoutes(state: ReferenceState): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { companies, provisioners, domain } = state;
  const readings = state.readings.provisioning;
  const companyInput = lenientRead(state.variant, COMPANY_MODEL_INPUT);

  const respond = (c: Ctx, errors: ProvisioningErrorName[], provisioner?: Provisioner, data?: unknown, requestIv?: string) => {
    const body: Record<string, unknown> = { TransactionId: readings.transactionId(), Errors: c.get('provisioningPolicy').errorValues(errors, errors.map(readings.errorValue)), IV: null, Data: null, Hash: null };
    if (provisioner && data !== undefined) {
      const plaintext = JSON.stringify(data);
      const iv = readings.responseIv === 'request' && requestIv ? Buffer.from(requestIv, 'base64') : undefined;
      const sealed = encrypt(provisioner.key, plaintext, iv?.length === 16 ? iv : undefined);
      body.IV = sealed.iv;
      body.Data = sealed.data;
      body.Hash = readings.hashOver === 'ciphertext' ? hmac(provisioner.key, Buffer.from(sealed.data, 'base64')) : sealed.hash;
    }
    if (readings.extraFields) body.ServerTime = domain.clock.now().toISOString();
    // P10: a refusal is HTTP 200 with Errors (B5), or the variant's 4xx with the same ResponseModel
    return c.json(body, errors.length > 0 ? (state.variant.get(REFUSAL_STATUS) as 200 | 400) : 200);
  };

  /** spec §5.8 and §7.3 Other: user name, platform, hash, then the decrypted JSON. */
  const openRequest = async (c: Ctx): Promise<Opened> => {
    const policy = c.get('provisioningPolicy');
    const read = await readJson(c);
    let body = read.ok ? read.value : undefined;
    // a client that serialises the RequestModel twice (DMWEB-JAVA quirk, vendor-wire §3) sends a JSON string
    if (typeof body === 'string') {
      const inner = parseJson(body, c.get('caselessJson'));
      body = inner.ok ? inner.value : undefined;
    }
    const request = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
    if (!request || typeof request.UserName !== 'string') {
      return { ok: false, errors: policy.unopenedErrors('not-a-request', 'MalformedJsonString') };
    }
    const provisioner = provisioners.get(request.UserName);
    if (!provisioner) return { ok: false, errors: policy.unopenedErrors('unknown-user', 'NotAuthorized') };
    if (!provisioner.platforms.includes(scalarText(request.PlatformCode) ?? '') && policy.checks('platform-allowed')) {
      return { ok: false, errors: ['InvalidPlatformName'], provisioner };
    }
    const envelope = { iv: scalarText(request.IV) ?? c.req.header('x-iv') ?? '', data: scalarText(request.Data) ?? '', hash: scalarText(request.Hash) ?? '' };
    const opened = open(provisioner.key, envelope);
    let plaintext: string;
    if (opened.ok) plaintext = opened.plaintext;
    else if (opened.reason === 'undecryptable') {
      return { ok: false, errors: policy.unopenedErrors('undecryptable', state.variant.get(UNDECRYPTABLE_DATA)), provisioner };
    } else if (!policy.checks('hash')) plaintext = decrypt(provisioner.key, envelope.iv, envelope.data);
    else return { ok: false, errors: ['BadCrypto'], provisioner };
    const parsed = parseJson(plaintext, c.get('caselessJson'), companyInput);
    const model = parsed.ok ? parsed.value : undefined;
    if (!model || typeof model !== 'object' || Array.isArray(model)) {
      return { ok: false, errors: policy.unopenedErrors('not-json', 'MalformedJsonString'), provisioner };
    }
    return { ok: true, provisioner, body: request, model: model as Record<string, unknown> };
  };

  const scopeOf = (c: Ctx): Omit<ProvisionScope, 'command'> => ({
    domain,
    companies,
    accounts: state.accounts,
    companyTypeField: COMPANY_TYPE_FIELD,
    variant: state.variant,
    policy: c.get('provisioningPolicy'),
  });

  /** spec §2.4 Command as the vendor's integer, or its name (DMWEB-JAVA's Gson sends enum names); §7.3 UnknownCommand by the policy. */
  const commandOf = (c: Ctx, value: unknown): number | undefined => {
    const command = typeof value === 'string' && Object.hasOwn(COMMANDS, value) ? COMMANDS[value as CommandName] : value;
    return typeof command === 'number' && Number.isInteger(command) && c.get('provisioningPolicy').commandKnown(command) ? command : undefined;
  };

  const handleProvision = async (c: Ctx) => {
    const opened = await openRequest(c);
    if (!opened.ok) return respond(c, opened.errors, opened.provisioner);
    const takenAs = c.get('provisioningPolicy').unknownCommandTakenAs();
    const command = commandOf(c, opened.body.Command) ?? (takenAs && COMMANDS[takenAs === 'create' ? 'Create' : 'Update']);
    if (command === undefined) return respond(c, ['UnknownCommand'], opened.provisioner);
    const scope = scopeOf(c);
    const outcome = provision(scope, command, opened.model, domain.clock.now());
    // P13: the company in Data, or nothing the suite can read (profile companyInResponse)
    const data = outcome.company && state.variant.get(COMPANY_IN_RESPONSE) ? companyView(scope, outcome.company) : undefined;
    return respond(c, outcome.errors, opened.provisioner, data, scalarText(opened.body.IV) ?? '');
  };
  // B5 POST {provisioning}/ : with the trailing slash (the vendor's root path) and without it;
  // Hono routes are strict about trailing slashes, and a mounted '/' matches only the bare base
  app.post('/', handleProvision);
  app.post('/:trailingSlash{/?}', handleProvision);

  const keyRoute = (operation: typeof newEncryptionKey) => async (c: Ctx) => {
    const opened = await openRequest(c);
    if (!opened.ok) return respond(c, opened.errors, opened.provisioner);
    const outcome = operation(companies, opened.model, c.get('provisioningPolicy'), state.variant);
    return respond(c, outcome.errors, opened.provisioner, outcome.data, scalarText(opened.body.IV) ?? '');
  };
  app.post('/company/GetEncryptionKey', keyRoute(getEncryptionKey));
  app.post('/company/NewEncryptionKey', keyRoute(newEncryptionKey));
  return app;
}
