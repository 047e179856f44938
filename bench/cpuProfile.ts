/**
 * The top frames of a V8 CPU profile (node --cpu-prof, or the bench's inspector profile) by self
 * time, each with its share of the busy time (idle left out: a server between two load turns is
 * idle, which says nothing about where a request's time goes) and its inclusive share (itself and
 * everything it called): where a process spent its time, in the words `npm run bench` prints.
 */
import { readFile } from 'node:fs/promises';

interface ProfileNode { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }
interface Profile { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }

export interface ProfileFrame { frame: string; selfMs: number; share: number; inclusiveShare: number }

export async function topFrames(path: string, count = 15): Promise<ProfileFrame[]> {
  const profile = JSON.parse(await readFile(path, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const frameOf = (node: ProfileNode) => {
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url ? ` ${url.replace(/^file:\/\/.*?\/(node_modules|shared|functions|local|bench)\//, '$1/')}:${lineNumber + 1}` : '';
    return `${functionName || '(anonymous)'}${where}`;
  };
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((id, index) => {
    const micros = profile.timeDeltas[index] ?? 0;
    const node = byId.get(id)!;
    if (node.callFrame.functionName === '(idle)') return;
    busy += micros;
    self.set(frameOf(node), (self.get(frameOf(node)) ?? 0) + micros);
    // Each frame once per sample, however deep it recurses.
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const frame = frameOf(byId.get(at)!);
      if (seen.has(frame)) continue;
      seen.add(frame);
      inclusive.set(frame, (inclusive.get(frame) ?? 0) + micros);
    }
  });
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([frame, micros]) => ({ frame, selfMs: micros / 1000, share: micros / busy, inclusiveShare: (inclusive.get(frame) ?? 0) / busy }));
}

/** One line per frame: self share, inclusive share, self milliseconds, frame. */
export const frameLine = (row: ProfileFrame): string =>
  `${(row.share * 100).toFixed(1).padStart(5)} % self ${(row.inclusiveShare * 100).toFixed(1).padStart(5)} % incl ${row.selfMs.toFixed(0).padStart(6)} ms  ${row.frame}`;

if (process.argv[1] === new URL(import.meta.url).pathname) {
  for (const row of await topFrames(process.argv[2]!, Number(process.argv[3] ?? 25))) console.log(frameLine(row));
}
