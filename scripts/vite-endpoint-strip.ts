import MagicString from 'magic-string';
import { walk } from 'estree-walker';
import type { Node } from 'estree';
import type { Plugin } from 'vite';

/**
 * The web build keeps of each endpoint (`src/shared/<feature>/endpoints.ts`) only what a call
 * reads: its method, path and kind. What the server and the OpenAPI document read — `summary`,
 * `needs`, `servedBy` and the `schemas` picker — is dropped from the endpoint declarations here,
 * and so are each feature's tag and contract loader (\`endpointsOf\`'s arguments), so one
 * declaration serves both sides without its documentation weighing on the chat page's
 * first load (issue 43: the objects with their summaries cost /chat 5.4 KB gzipped, against its
 * 118 KB budget). `schemas()` is never called in the browser (zod stays out of it, decision 0014).
 */
const SERVER_ONLY = new Set(['summary', 'needs', 'servedBy', 'schemas', 'kind']);
const ENDPOINTS_FILE = /[\\/]src[\\/]shared[\\/][^\\/]+[\\/][a-z-]*endpoints\.ts$/;

export function stripEndpointDocs(): Plugin {
  return {
    name: 'reverie:strip-endpoint-docs',
    apply: 'build',
    transform(code, id) {
      if (!ENDPOINTS_FILE.test(id)) return null;
      const ast = this.parse(code) as unknown as Node;
      const out = new MagicString(code);
      walk(ast, {
        enter(node) {
          if (node.type !== 'CallExpression' || node.callee.type !== 'Identifier') return;
          // `endpointsOf(tag, () => import('./contract'))`: the tag and the contract's loader
          // (with the loader go the dynamic imports' preload lists).
          if (node.callee.name === 'endpointsOf') {
            const first = node.arguments[0] as unknown as { start: number } | undefined;
            const last = node.arguments.at(-1) as unknown as { end: number } | undefined;
            if (first && last) out.remove(first.start, last.end);
            return;
          }
          // `endpoint({ method, path, needs, summary, schemas })`: the declaration's properties.
          if (node.callee.name !== 'endpoint') return;
          const [declaration] = node.arguments;
          if (declaration?.type !== 'ObjectExpression') return;
          // The object itself is all a call needs: `endpoint(` and its `)` go too.
          const call = node as unknown as { start: number; end: number };
          const object = declaration as unknown as { start: number; end: number };
          // So does the call's `/* @__PURE__ */`: before an object literal it means nothing, and
          // Rolldown warns of it on every build.
          const pure = code.slice(0, call.start).match(/\/\*\s*[@#]__PURE__\s*\*\/\s*$/);
          out.remove(call.start - (pure ? pure[0].length : 0), object.start);
          out.remove(object.end, call.end);
          for (const property of declaration.properties) {
            if (property.type !== 'Property' || property.key.type !== 'Identifier') continue;
            if (!SERVER_ONLY.has(property.key.name)) continue;
            const { start, end } = property as unknown as { start: number; end: number };
            // The property and the comma after it.
            const next = code.slice(end).match(/^\s*,/);
            out.remove(start, end + (next ? next[0].length : 0));
          }
        },
      });
      return out.hasChanged()
        ? { code: out.toString(), map: out.generateMap({ hires: true }) }
        : null;
    },
  };
}
