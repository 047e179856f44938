/**
 * The top frames of a V8 CPU profile (node --cpu-prof) by self time, each with its share of the
 * profile: where a process spent its time, in the words `npm run bench` prints.
 */
import { readFile } from 'node:fs/promises';

interface ProfileNode { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }
interface Profile { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }

export interface ProfileFrame { frame: string; selfMs: number; share: number }

export async function topFrames(path: string, count = 15): Promise<ProfileFrame[]> {
  const profile = JSON.parse(await readFile(path, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, index) => {
    const micros = profile.timeDeltas[index] ?? 0;
    total += micros;
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const where = url ? ` ${url.replace(/^file:\/\/.*?\/(node_modules|shared|functions|local|bench)\//, '$1/')}:${lineNumber + 1}` : '';
    const frame = `${functionName || '(anonymous)'}${where}`;
    self.set(frame, (self.get(frame) ?? 0) + micros);
  });
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([frame, micros]) => ({ frame, selfMs: micros / 1000, share: micros / total }));
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  for (const row of await topFrames(process.argv[2]!, Number(process.argv[3] ?? 25))) console.log(`${(row.share * 100).toFixed(1).padStart(5)} %  ${row.selfMs.toFixed(0).padStart(6)} ms  ${row.frame}`);
}
