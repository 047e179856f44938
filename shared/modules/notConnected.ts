import type { ExposureComponent, SourceReader } from './types.js';

/**
 * The component of a module whose upstream is not wired in yet. It fails like an unreachable
 * upstream does, so scans and feed builds report it as degraded rather than as "no data".
 */
export class ComponentNotConnectedError extends Error {
  readonly callerFacing = true;
  constructor(slug: string, component: 'source' | 'exposure') {
    super(`${slug} ${component} is not connected to its upstream in this build`);
    this.name = 'ComponentNotConnectedError';
  }
}

export const notConnectedSource = (slug: string): SourceReader => ({
  readProposals: async () => {
    throw new ComponentNotConnectedError(slug, 'source');
  },
});

export const notConnectedExposure = (slug: string): ExposureComponent => ({
  readPositions: async () => {
    throw new ComponentNotConnectedError(slug, 'exposure');
  },
});
