import type { TestApp } from './test-app';

/**
 * Every registered route as `METHOD /path`, HEAD left out, read from Fastify's own listing of its
 * radix tree (each line a node: its depth by its indentation, its text the rest of the path).
 */
export function registeredApiRoutes(t: TestApp): string[] {
  const routes: string[] = [];
  const prefixes: string[] = [];
  for (const line of t.app.printRoutes().split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?$/.exec(line);
    if (!match) continue;
    const [, indent, text, methods] = match;
    const depth = indent!.length / 4;
    prefixes.length = depth;
    const url = (prefixes[depth - 1] ?? '') + text;
    prefixes[depth] = url;
    if (!methods || !url.startsWith('/api')) continue;
    for (const method of methods.split(',').map((m) => m.trim())) {
      if (method !== 'HEAD') routes.push(`${method} ${url}`);
    }
  }
  return routes;
}
