import type { InterfaceName } from '../../contract/profile.js';
import { REQUEST_MODELS, type RequestModel } from '../../contract/request-models.js';
import { eachRequest, isOneOf, type ClientRule } from '../client-rule.js';
import type { Observed } from '../exchange.js';
import { modelLeaves, valuesAt, type ModelLeaf } from '../model-walk.js';
import { openProvisioning } from '../sealed.js';
import { kebab } from './names.js';
import type { JudgeContext } from '../client-rule.js';
import { specUnit } from '../../contract/spec/index.js';

/**
 * One rule per field a spec §2 row states, for every request model an interface's requests carry
 * (contract/request-models.ts): each value the client sends for it has the row's type. A null is
 * a field left null (spec §4.2 Update), not a type. The deviant client breaks each such field in
 * a switch of its own (judge/deviant/switches.ts), from the same leaves.
 */

const KIND_WORDS: Record<ModelLeaf['kind'], string> = { string: 'a string', int: 'an integer', boolean: 'a boolean', list: 'a list', other: 'the stated type' };

export const modelFieldRuleId = (model: RequestModel, leaf: ModelLeaf) => `${model.interface}.client.${model.id}-${kebab(leaf.path.join('-'))}-type`;

/** The model values a request carries: the JSON body, each item of an array body, or the decrypted Data (B5). */
export function modelValues(model: RequestModel, o: Observed, ctx: JudgeContext): unknown[] {
  if (model.carrier === 'sealed') {
    const opened = openProvisioning(o, ctx.settings.provisionerKey);
    return opened.state === 'opened' && opened.model !== undefined ? [opened.model] : [];
  }
  if (!o.json?.ok) return [];
  const body = o.json.value;
  if (model.carrier === 'json-items') return Array.isArray(body) ? body : [];
  return body !== null && typeof body === 'object' && !Array.isArray(body) ? [body] : [];
}

/** The model's name as its spec row gives it: `Folder (create)`. */
const modelName = (model: RequestModel) => specUnit(model.rows['']!)?.text.split(' | ')[0] ?? model.id;

const shown = (v: unknown) => `${JSON.stringify(v)?.slice(0, 60)} (${Array.isArray(v) ? 'a list' : v === null ? 'null' : typeof v})`;

export function modelFieldRules(iface: InterfaceName): ClientRule[] {
  return REQUEST_MODELS.filter((m) => m.interface === iface).flatMap((model) =>
    modelLeaves(model).map((leaf) => {
      const name = leaf.path.join('.');
      return eachRequest(
        {
          id: modelFieldRuleId(model, leaf),
          title: `a request that carries ${modelName(model)} gives ${name} as ${KIND_WORDS[leaf.kind]}`,
          interface: iface,
          level: 'must',
          spec: [{ anchor: leaf.anchor, quote: leaf.quote }],
          binding: model.carrier === 'sealed' ? ['B5'] : ['B3'],
          operation: model.operations,
        },
        (o, ctx) => {
          const values = modelValues(model, o, ctx).flatMap((m) => valuesAt(m, leaf.path)).filter((v) => v !== null);
          if (values.length === 0) return 'skip';
          const wrong = values.find((v) => !leaf.schema.safeParse(v).success);
          return wrong === undefined ? undefined : `${name} is ${shown(wrong)}, not ${KIND_WORDS[leaf.kind]}`;
        },
        isOneOf(model.operations),
      );
    }),
  );
}
