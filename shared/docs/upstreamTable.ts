import { MODULE_INFOS } from '../modules/registry.js';
import { ENDPOINTS, UPSTREAM_IDS } from '../upstream/endpoints.js';

/**
 * README's upstream table, made from the endpoint list and what each module declares it reads
 * (ModuleInfo.upstreams), so the table can never disagree with the code: a test compares it with
 * README, and `npm run docs` prints it. An upstream no module reads is left out.
 */
export function upstreamTable(): string {
  const modules = MODULE_INFOS;
  const rows = UPSTREAM_IDS.flatMap((id) => {
    const users = modules.flatMap((module) => module.upstreams.filter((use) => use.id === id).map((use) => `${module.name}: ${use.for}`));
    if (users.length === 0) return [];
    const spec = ENDPOINTS[id];
    return [`| ${spec.what} | \`${spec.defaultUrl}\` | \`${spec.envVar}\` | ${users.join('; ')} |`];
  });
  return ['| Upstream | Default | Variable | Read by |', '|---|---|---|---|', ...rows].join('\n');
}
