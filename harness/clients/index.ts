import type { Profile } from '../../contract/profile.js';
import type { HttpClient } from '../http.js';
import { Redactor } from '../redact.js';
import type { EvidenceView } from '../evidence-marks.js';
import { AdminClient } from './admin.js';
import { DirectoryClient } from './directory.js';
import { MessagingRestClient } from './messaging-rest.js';
import { MessagingSoapClient } from './messaging-soap.js';
import { ProvisioningClient } from './provisioning.js';
import type { FolderCreation } from './folder-creation.js';
import { TokenClient } from './token.js';

export interface ClientHooks {
  /** the rule's evidence, for what a client decodes (provisioning's decrypted models) */
  view?: EvidenceView;
  /** whether what is sent now is judged by the rule (not a precondition's or cleanup's work) */
  judging?: () => boolean;
  /** how a folder creation is sent: a party's waits while a party rule holds its folders (harness/party-folders.ts) */
  creatingFolder?: FolderCreation;
}

/** One typed client per interface, created on first use for the current test. */
export class Clients {
  #token?: TokenClient;
  #rest?: MessagingRestClient;
  #provisioning?: ProvisioningClient;
  #soap?: MessagingSoapClient;
  #admin?: AdminClient;
  #directory?: DirectoryClient;

  constructor(
    private readonly http: HttpClient,
    private readonly profile: Profile,
    /** the test's redactor, so clients that decrypt can hide what they reveal */
    private readonly redact: Redactor = new Redactor(),
    private readonly hooks: ClientHooks = {},
  ) {}

  get token(): TokenClient {
    return (this.#token ??= new TokenClient(this.http, this.profile));
  }

  get rest(): MessagingRestClient {
    return (this.#rest ??= new MessagingRestClient(this.http, this.profile, this.hooks.creatingFolder));
  }

  get soap(): MessagingSoapClient {
    return (this.#soap ??= new MessagingSoapClient(this.http, this.profile, this.redact, this.hooks.judging, this.hooks.creatingFolder));
  }

  get directory(): DirectoryClient {
    return (this.#directory ??= new DirectoryClient(this.http, this.profile));
  }

  get provisioning(): ProvisioningClient {
    return (this.#provisioning ??= new ProvisioningClient(this.http, this.profile, this.redact, this.hooks.view));
  }

  get admin(): AdminClient {
    return (this.#admin ??= new AdminClient(this.http, this.profile, this.redact));
  }
}
