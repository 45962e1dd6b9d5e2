import { Hono } from 'hono';
import { internalErrorText } from '../contract/messaging-errors.js';
import type { ReferenceState } from './state.js';
import { caselessRouting, refusalScope, requestScope, type AppEnv } from './http.js';
import { RULE_HEADER } from '../contract/rule-channel.js';
import { JSON_NAME_CASE, PATH_CASE } from './axes/vendor.js';
import { SHOWN_TEXT } from './axes/lenient.js';
import { tokenRoutes } from './token/routes.js';
import { messagingRestRoutes } from './messaging-rest/routes.js';
import { provisioningRoutes } from './provisioning/routes.js';
import { messagingSoapRoutes } from './messaging-soap/routes.js';
import { adminRoutes } from './admin/routes.js';
import { directoryRoutes } from './directory/routes.js';

/** spec §7.2 'General' text for a failure the server cannot explain. */
const generalError = (at: Date) => internalErrorText(at.toISOString());

/**
 * The reference server as a fetch handler, apart from any listening socket: self-tests call
 * `app.request()` in-process, `start()` puts it on a port. Bases follow B1.
 */
export function createApp(state: ReferenceState): Hono<AppEnv> {
  // routes and trailing slashes matched as ASP.NET matches them (vendor-wire §1; http.ts)
  const app: Hono<AppEnv> = new Hono<AppEnv>(state.variant.get(PATH_CASE) === 'caseless' ? { getPath: caselessRouting(() => app.routes) } : {});
  app.use(async (c, next) => {
    state.stats.requests += 1;
    const served = state.stats.served;
    if (!served) return next();
    const start = performance.now();
    if (state.stats.holdMs) await new Promise((resolve) => setTimeout(resolve, state.stats.holdMs));
    await next();
    served.push({ rule: c.req.header(RULE_HEADER) ?? '', start, end: performance.now() });
  });
  app.use(requestScope(state.faults, state.variant.get(JSON_NAME_CASE) === 'caseless', state.variant.get(SHOWN_TEXT)));
  app.use(refusalScope(state.refusals));
  app.route('/', tokenRoutes(state));
  app.route('/SecureMessagingAPI', messagingRestRoutes(state));
  app.route('/Provisioning', provisioningRoutes(state));
  app.route('/cmv4/cmv4.asmx', messagingSoapRoutes(state));
  app.route('/Remote', adminRoutes(state));
  app.route('/HpdProxyApi', directoryRoutes(state));
  app.onError((err, c) => {
    if (!state.faults.size) console.error(`reference: unhandled ${c.req.method} ${c.req.path}: ${err.message}`);
    return c.json(generalError(state.domain.clock.now()), 500);
  });
  return app;
}
