import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The import graph of shared/ and functions/ has no circle, type imports included: a circle ties
 * every file in it together (the contract once took its slug enum from the registry, which loads
 * every module, which loads the contract: 31 files in one circle), so none can be read, bundled or
 * tested alone. The same graph `madge --circular` draws.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The repository files a file imports, statically or by import(), types included. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  return [...text.matchAll(/(?:from|import\()\s*'(\.[^']+)'/g)]
    .map((match) => relative(ROOT, join(ROOT, file, '..', match[1]!.replace(/\.js$/, '.ts'))))
    .filter((target) => existsSync(join(ROOT, target)));
}

/** Strongly connected components of more than one file (Tarjan), each sorted. */
function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node)!, index.get(target)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('the import graph', () => {
  const files = [...sourceFiles('shared'), ...sourceFiles('functions')];
  const graph = new Map(files.map((file) => [file, importsOf(file)]));

  it('has no circle in shared/ and functions/, type imports included', () => {
    expect(circles(graph)).toEqual([]);
  });

  it('finds a circle where there is one', () => {
    const looped = new Map([...graph, ['shared/modules/slugs.ts', ['shared/contract/enums.ts']]]);
    expect(circles(looped).some((circle) => circle.includes('shared/modules/slugs.ts') && circle.includes('shared/contract/enums.ts'))).toBe(true);
  });
});
