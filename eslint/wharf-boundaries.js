// Wharf's module boundaries as lint rules (DESIGN.md, "Modules (decided, turn 2)"):
// - a module's tables are private: only its own files import its schema.ts (another schema.ts may,
//   since a foreign key names another module's table);
// - core/ depends on no module;
// - modules import no circles.
// Plain ESM with JSDoc so eslint.config.js loads it without a build step.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SRC = '/apps/server/src';

/** Forward slashes everywhere, so the same checks hold on Windows. @param {string} p */
const posix = (p) => p.split(path.sep).join('/');

/**
 * The server source root that holds `file`, or undefined for files outside it. Derived from the file's
 * own path (not the working directory), so `npx eslint .` from the repo root and the fixture tree under
 * eslint/fixtures both work.
 * @param {string} file absolute path
 */
function srcRootOf(file) {
  const p = posix(file);
  const i = p.lastIndexOf(`${SRC}/`);
  return i === -1 ? undefined : p.slice(0, i + SRC.length);
}

/**
 * Where a relative specifier points, as a path under the src root ("modules/projects/schema.ts"), or
 * undefined for packages and anything outside the root. Sources import `./x.js` for `./x.ts` (NodeNext).
 * @param {string} root @param {string} importer absolute path @param {string} specifier
 */
function resolveUnderRoot(root, importer, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  let target = path.posix.resolve(path.posix.dirname(posix(importer)), specifier);
  if (target.endsWith('.js')) target = `${target.slice(0, -3)}.ts`;
  else if (!target.endsWith('.ts')) target = fs.existsSync(target) ? `${target}/index.ts` : `${target}.ts`;
  const rel = path.posix.relative(root, target);
  return rel.startsWith('..') ? undefined : rel;
}

/** "modules/<m>" or "core/<c>" for a path under the root (a file in such a folder), else undefined. @param {string} rel */
function ownerOf(rel) {
  const parts = rel.split('/');
  return (parts[0] === 'modules' || parts[0] === 'core') && parts.length >= 3 ? `${parts[0]}/${parts[1]}` : undefined;
}

/** @param {string} rel */
const moduleOf = (rel) => (rel.startsWith('modules/') ? ownerOf(rel)?.slice('modules/'.length) : undefined);
/** @param {string} rel */
const isTest = (rel) => rel.endsWith('.test.ts');
/** @param {string} rel */
const isSchema = (rel) => path.posix.basename(rel) === 'schema.ts';

/**
 * Calls `check(node, specifier)` for every way a file can name another: import (value or type),
 * export … from, dynamic import() and `typeof import('…')` in a type.
 * @param {(node: any, specifier: string) => void} check
 */
function onEveryImport(check) {
  /** @param {any} node @param {any} source */
  const visit = (node, source) => {
    if (source && source.type === 'Literal' && typeof source.value === 'string') check(node, source.value);
  };
  return {
    ImportDeclaration: (/** @type {any} */ node) => visit(node, node.source),
    ExportNamedDeclaration: (/** @type {any} */ node) => visit(node, node.source),
    ExportAllDeclaration: (/** @type {any} */ node) => visit(node, node.source),
    ImportExpression: (/** @type {any} */ node) => visit(node, node.source),
    // typescript-eslint 8 keeps the specifier in `argument` (a literal type); newer ones add `source`.
    TSImportType: (/** @type {any} */ node) => visit(node, node.source ?? node.argument?.literal),
  };
}

/**
 * Sets up a rule for files under the server src root only: `check` gets the importing file's path under
 * the root and each import's resolved path under the root.
 * @param {import('eslint').Rule.RuleContext} context
 * @param {(node: any, from: string, to: string, root: string) => void} check
 */
function forServerImports(context, check) {
  const root = srcRootOf(context.filename);
  if (!root) return {};
  const from = path.posix.relative(root, posix(context.filename));
  return onEveryImport((node, specifier) => {
    const to = resolveUnderRoot(root, context.filename, specifier);
    if (to !== undefined) check(node, from, to, root);
  });
}

/** @type {import('eslint').Rule.RuleModule} */
const privateTables = {
  meta: {
    type: 'problem',
    docs: {
      description: "Only a module's (or core folder's) own files, and other schema.ts files, import its schema.ts",
    },
    schema: [],
    messages: {
      module: '{{schema}} is private to the {{name}} module: call its service (modules/{{name}}/index.ts) instead.',
      core: '{{schema}} is private to {{owner}}: call the functions {{owner}} offers instead of reading its tables.',
    },
  },
  create: (context) =>
    forServerImports(context, (node, from, to) => {
      const owner = ownerOf(to);
      if (!owner || to !== `${owner}/schema.ts`) return;
      // Inside the owner's folder, or a schema naming another's table for a foreign key: allowed.
      if (from.startsWith(`${owner}/`) || isSchema(from)) return;
      const [kind, name] = owner.split('/');
      context.report({ node, messageId: kind === 'modules' ? 'module' : 'core', data: { schema: to, owner, name } });
    }),
};

/** @type {import('eslint').Rule.RuleModule} */
const coreIndependent = {
  meta: {
    type: 'problem',
    docs: { description: 'core/ imports no module (its integration tests may)' },
    schema: [],
    messages: {
      module:
        'core/ depends on no module (DESIGN.md); move this to the module, or hand it in through the module contract.',
    },
  },
  create: (context) =>
    forServerImports(context, (node, from, to) => {
      // Core's *.test.ts files build a whole app to test core against it; private-tables still applies.
      if (from.startsWith('core/') && !isTest(from) && to.startsWith('modules/')) {
        context.report({ node, messageId: 'module' });
      }
    }),
};

/**
 * module → (module it imports → the first file seen making that import). Built once per src root and
 * kept for the lint run: every file of a module needs the same graph, and scanning the tree per file
 * would read it hundreds of times. Tests are left out (they may wire several modules together), and so
 * are schema → schema imports (a foreign key is not a code dependency).
 * @type {Map<string, Map<string, Map<string, string>>>}
 */
const graphs = new Map();

/** @param {string} root */
function moduleGraph(root) {
  let graph = graphs.get(root);
  if (graph) return graph;
  graph = new Map();
  const modulesDir = `${root}/modules`;
  const files = fs.existsSync(modulesDir) ? fs.readdirSync(modulesDir, { recursive: true, encoding: 'utf8' }) : [];
  for (const entry of files) {
    const from = `modules/${posix(entry)}`;
    const a = moduleOf(from);
    if (!a || !from.endsWith('.ts') || from.endsWith('.d.ts') || isTest(from)) continue;
    let text;
    try {
      text = fs.readFileSync(`${root}/${from}`, 'utf8');
    } catch {
      continue; // moved or deleted since the directory was listed (files move while others refactor)
    }
    // preProcessFile finds imports, type imports, export-from and import() without a full parse.
    for (const { fileName } of ts.preProcessFile(text, true, true).importedFiles) {
      const to = resolveUnderRoot(root, `${root}/${from}`, fileName);
      const b = to && moduleOf(to);
      if (!to || !b || b === a || (isSchema(from) && isSchema(to))) continue;
      const edges = graph.get(a) ?? new Map();
      if (!edges.has(b)) edges.set(b, from);
      graph.set(a, edges);
    }
  }
  graphs.set(root, graph);
  return graph;
}

/**
 * The shortest chain of imports from module `start` to module `goal`, as [module, file that imports the
 * next one] steps, or undefined when there is none.
 * @param {Map<string, Map<string, string>>} graph @param {string} start @param {string} goal
 */
function findPath(graph, start, goal) {
  /** @type {Map<string, { prev: string, file: string }>} */
  const seen = new Map();
  const queue = [start];
  while (queue.length > 0) {
    const current = /** @type {string} */ (queue.shift());
    for (const [next, file] of graph.get(current) ?? []) {
      if (next === start || seen.has(next)) continue;
      seen.set(next, { prev: current, file });
      if (next === goal) {
        const steps = [];
        for (let m = goal; m !== start; m = /** @type {{ prev: string }} */ (seen.get(m)).prev) {
          const step = /** @type {{ prev: string, file: string }} */ (seen.get(m));
          steps.unshift(`${m} (${step.file})`);
        }
        return steps;
      }
      queue.push(next);
    }
  }
  return undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
const noModuleCycles = {
  meta: {
    type: 'problem',
    docs: { description: 'Modules import no circles' },
    schema: [],
    messages: {
      cycle:
        'modules/{{a}} → modules/{{b}} closes a circle: {{b}} → {{path}}. Invert it: the lower module offers a hook the higher one registers into.',
    },
  },
  create: (context) =>
    forServerImports(context, (node, from, to, root) => {
      const a = moduleOf(from);
      const b = moduleOf(to);
      if (!a || !b || a === b || isTest(from) || (isSchema(from) && isSchema(to))) return;
      const steps = findPath(moduleGraph(root), b, a);
      if (steps) context.report({ node, messageId: 'cycle', data: { a, b, path: steps.join(' → ') } });
    }),
};

export default {
  meta: { name: 'wharf-boundaries' },
  rules: {
    'private-tables': privateTables,
    'core-independent': coreIndependent,
    'no-module-cycles': noModuleCycles,
  },
};
