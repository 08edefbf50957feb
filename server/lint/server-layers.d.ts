import type { Rule } from 'eslint';

export const serverLayers: Rule.RuleModule;
declare const plugin: { rules: Record<string, Rule.RuleModule> };
export default plugin;
