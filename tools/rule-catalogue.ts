import { relative } from 'node:path';
import { createVitest } from 'vitest/node';
import type { RuleRecord } from '../harness/rule.js';
import { projectRoot } from '../contract/root.js';

/** A rule as declared, with the spec file that declares it (project-relative). */
export type CatalogueRule = RuleRecord & { file: string };

const ROOT = projectRoot(import.meta.url);

/**
 * Every rule of specs/, read from the declarations without running one (vitest collects the
 * files; rule() hands each test its record as declared metadata). The spec index's checks, the
 * coverage page and `run --section` read the rules from here.
 */
export async function collectRules(root: string = ROOT): Promise<CatalogueRule[]> {
  const vitest = await createVitest('test', {
    root,
    config: false,
    include: ['specs/**/*.spec.ts'],
    watch: false,
    reporters: [],
    pool: 'threads',
    isolate: false,
    // no target is needed to declare rules: the run context is read inside tests only
    globalSetup: [],
  });
  try {
    const { testModules } = await vitest.collect();
    const rules: CatalogueRule[] = [];
    for (const module of testModules)
      for (const test of module.children.allTests()) {
        const rule = test.meta().rule;
        if (rule) rules.push({ ...rule, file: relative(root, module.moduleId) });
      }
    return rules.sort((a, b) => a.id.localeCompare(b.id));
  } finally {
    await vitest.close();
  }
}
