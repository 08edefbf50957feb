import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** server/src, next to this folder. */
const SERVER_SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

/**
 * What each part of the server may import (docs/architecture.md, "Walls"). The ground floor
 * (`config.ts`, `db/`, `lib/`) imports nothing above it; plugins speak HTTP and import no module;
 * modules sit on floors; cross-customer work (`system/`), background runners (`jobs/`) and
 * transports call modules through their services; the entry points wire everything.
 */
const MAY_IMPORT = {
  config: ['config'],
  db: ['config', 'db'],
  lib: ['config', 'db', 'lib'],
  plugins: ['config', 'db', 'lib', 'plugins'],
  module: ['config', 'db', 'lib', 'module'],
  system: ['config', 'db', 'lib', 'module', 'system'],
  transports: ['config', 'db', 'lib', 'module', 'system', 'transports'],
  jobs: ['config', 'db', 'lib', 'module', 'system', 'transports', 'jobs'],
  // app.ts and modules/index.ts build the app: every part but the tools and the process entry.
  wiring: ['config', 'db', 'lib', 'plugins', 'module', 'system', 'transports', 'jobs', 'wiring'],
  entry: null,
  tools: null,
};

/** The part a path (relative to server/src, split) belongs to, and its module when it is one. */
function partOf(segments) {
  const [top, second] = segments;
  const file = top.replace(/\.[jt]s$/, '');
  if (segments.length === 1) {
    if (file === 'config') return { part: 'config' };
    if (file === 'server') return { part: 'entry' };
    return { part: 'wiring' };
  }
  if (top === 'modules') {
    if (segments.length === 2) return { part: 'wiring' };
    return { part: 'module', module: second };
  }
  if (top in MAY_IMPORT) return { part: top };
  return { part: top };
}

const SERVICE = /\.service(\.[jt]s)?$/;
const REPOSITORY = /\.repository\.ts$/;

export const serverLayers = {
  meta: {
    type: 'problem',
    docs: {
      description: 'The server imports one way: ground floor, plugins, modules by floor, system, jobs, entry points.',
    },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          floors: { type: 'object', additionalProperties: { type: 'integer', minimum: 1 } },
        },
        required: ['floors'],
        additionalProperties: false,
      },
    ],
    messages: {
      upward:
        '{{from}}/ imports nothing from {{to}}/ ({{from}} sits below it): move what both need down to lib/ or db/.',
      noFloor: 'The module {{module}} has no floor: give it one in the floors table of eslint.config.js.',
      higherFloor:
        'modules/{{from}} (floor {{fromFloor}}) imports modules/{{to}} (floor {{toFloor}}): a module imports only modules on lower floors.',
      notService:
        'Another module is reached through its service only: import "{{target}}" from a *.service.ts of modules/{{module}}.',
      repository: 'A repository imports no other module: {{target}} belongs to modules/{{module}}.',
      state:
        'A module keeps no state of its own at the top level ({{what}}): two apps in one process would share it. Let buildApp create it and hand it in.',
    },
  },
  create(context) {
    const { root = SERVER_SRC, floors } = context.options[0] ?? {};
    const own = path.relative(root, context.filename).split(path.sep);
    if (own[0] === '..' || own.length === 0) return {};
    const from = partOf(own);
    const allowed = MAY_IMPORT[from.part];
    if (from.part === 'module' && !(from.module in floors)) {
      return {
        Program: (node) => context.report({ node, messageId: 'noFloor', data: { module: from.module } }),
      };
    }
    const isRepository = REPOSITORY.test(own.at(-1));

    const check = (node) => {
      const source = node?.type === 'Literal' && typeof node.value === 'string' ? node.value : null;
      if (!source || !source.startsWith('.')) return;
      const segments = path.relative(root, path.resolve(path.dirname(context.filename), source)).split(path.sep);
      if (segments[0] === '..') return;
      const to = partOf(segments);
      if (allowed && !allowed.includes(to.part)) {
        context.report({ node, messageId: 'upward', data: { from: from.part, to: to.part } });
        return;
      }
      if (to.part !== 'module' || to.module === from.module) return;
      const target = segments.slice(2).join('/');
      if (isRepository) {
        context.report({ node, messageId: 'repository', data: { target, module: to.module } });
        return;
      }
      // Outside modules (system, jobs, transports) the rule is the same: a module's face is its service.
      if (from.part === 'wiring' || from.part === 'entry' || from.part === 'tools') return;
      if (!SERVICE.test(segments.at(-1))) {
        context.report({ node, messageId: 'notService', data: { target, module: to.module } });
        return;
      }
      if (from.part === 'module') {
        const fromFloor = floors[from.module];
        const toFloor = floors[to.module];
        if (toFloor === undefined || toFloor >= fromFloor) {
          context.report({
            node,
            messageId: 'higherFloor',
            data: { from: from.module, fromFloor, to: to.module, toFloor: toFloor ?? 'none' },
          });
        }
      }
    };

    const topLevelState = (node) => {
      if (from.part !== 'module') return;
      for (const statement of node.body) {
        const declaration =
          statement.type === 'ExportNamedDeclaration' && statement.declaration ? statement.declaration : statement;
        if (declaration.type !== 'VariableDeclaration') continue;
        if (declaration.kind === 'let' || declaration.kind === 'var') {
          context.report({ node: declaration, messageId: 'state', data: { what: `${declaration.kind} at the top` } });
          continue;
        }
        for (const item of declaration.declarations) {
          const init = item.init;
          if (
            init?.type === 'NewExpression' &&
            init.callee.type === 'Identifier' &&
            /^(Weak)?Map$/.test(init.callee.name)
          ) {
            context.report({ node: item, messageId: 'state', data: { what: `new ${init.callee.name}` } });
          }
        }
      }
    };

    return {
      Program: topLevelState,
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default { rules: { 'server-layers': serverLayers } };
