import path from 'node:path';

/*
 * The web app's layers (ARCHITECTURE.md, "Layout"): features do not import each other or the
 * app; app/ composes features; components/ and lib/ are shared and import neither.
 */

const SRC = `${path.sep}apps${path.sep}web${path.sep}src${path.sep}`;

/** 'features/chat', 'app', 'components', 'lib' or undefined for a path outside the web sources. */
function layerOf(file) {
  const at = file.indexOf(SRC);
  if (at < 0) return undefined;
  const parts = file.slice(at + SRC.length).split(path.sep);
  if (parts.length < 2) return undefined;
  return parts[0] === 'features' ? `features/${parts[1]}` : parts[0];
}

function problemOf(from, to) {
  if (!from || !to || from === to) return undefined;
  const fromFeature = from.startsWith('features/');
  if (fromFeature && to.startsWith('features/')) return 'crossFeature';
  if (fromFeature && to === 'app') return 'featureToApp';
  if ((from === 'components' || from === 'lib') && (to === 'app' || to.startsWith('features/'))) return 'sharedToUpper';
  return undefined;
}

export const webLayers = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Keeps web features from importing each other, and shared code from importing features or the app',
    },
    schema: [],
    messages: {
      crossFeature:
        '{{from}} may not import from {{to}}: features do not import each other; let app/ compose them, or move the shared part to components/ or lib/.',
      featureToApp: '{{from}} may not import from app/: app/ composes features, not the other way round.',
      sharedToUpper: '{{from}}/ is shared code and may not import from {{to}}.',
    },
  },
  create(context) {
    const file = path.resolve(context.filename);
    const from = layerOf(file);
    if (!from) return {};
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = layerOf(path.resolve(path.dirname(file), source));
      const messageId = problemOf(from, to);
      if (messageId) context.report({ node, messageId, data: { from, to } });
    };
    const fromSource = (node) => node.source && check(node.source, node.source.value);
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

export default { rules: { 'web-layers': webLayers } };
