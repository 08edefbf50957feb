import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** web/src, next to this folder. */
const WEB_SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

/** The layers below app/: none of them may import it (app/ composes them, never the other way round). */
const BELOW_APP = new Set(['features', 'lib', 'components', 'shared']);

/**
 * The console's layers (docs/architecture.md, "The console"): `app/` composes the features (its
 * route table loads their pages) and nothing imports it back; a feature (`web/src/features/<name>`)
 * may import another feature only through what that feature exports on purpose, its `index.ts`;
 * `shared/` (data and widgets of a domain several features use), `lib/` and `components/` import no
 * feature at all. Relative imports are resolved, so `../../catalogue/api/x` from inside
 * features/locations is caught as well as `../../../features/catalogue/api/x`.
 */
export const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'app/ is imported by nothing below it; features import each other only through their index.ts; shared, lib and components import no feature.',
    },
    schema: [{ type: 'object', properties: { root: { type: 'string' } }, additionalProperties: false }],
    messages: {
      deep: 'A feature imports another only through its index.ts: import "{{target}}" from features/{{feature}}/index.ts (export it there on purpose).',
      layer:
        '{{layer}}/ is below the features and imports none: move what it needs from features/{{feature}} into shared/, lib/ or components/.',
      app: '{{layer}}/ does not import app/ ("{{target}}"): app/ composes the console; move what both need down into lib/ or shared/.',
    },
  },
  create(context) {
    const root = context.options[0]?.root ?? WEB_SRC;
    const own = path.relative(root, context.filename).split(path.sep);
    if (own[0] === '..' || own.length < 2) return {};
    const [layer, feature] = own;

    const check = (node) => {
      const source = node?.type === 'Literal' && typeof node.value === 'string' ? node.value : null;
      if (!source || !source.startsWith('.')) return;
      const target = path.relative(root, path.resolve(path.dirname(context.filename), source)).split(path.sep);
      if (target[0] === 'app' && target.length >= 2 && BELOW_APP.has(layer)) {
        context.report({ node, messageId: 'app', data: { layer, target: target.join('/') } });
        return;
      }
      if (target[0] !== 'features' || target.length < 2) return;
      if (layer === 'app') return;
      if (layer === 'features') {
        if (target[1] === feature) return;
        const isIndex = target.length === 2 || (target.length === 3 && /^index(\.tsx?)?$/.test(target[2]));
        if (isIndex) return;
        context.report({ node, messageId: 'deep', data: { target: target.slice(2).join('/'), feature: target[1] } });
        return;
      }
      context.report({ node, messageId: 'layer', data: { layer, feature: target[1] } });
    };

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      // vi.mock('../../other-feature/x') in a test reaches into a feature as an import does.
      CallExpression: (node) => {
        const callee = node.callee;
        const isMock =
          callee.type === 'MemberExpression' &&
          callee.object.type === 'Identifier' &&
          callee.object.name === 'vi' &&
          callee.property.type === 'Identifier' &&
          ['mock', 'doMock', 'importActual'].includes(callee.property.name);
        if (isMock) check(node.arguments[0]);
      },
    };
  },
};

export default { rules: { 'feature-boundaries': featureBoundaries } };
