import { withXrplConnection } from '../clients/xrplClient.js';
import type { Probe } from './probe.js';

/** The XRP Ledger: server_info is mainnet's, checked as every module's connection checks it. */
export const xrplProbe: Probe = {
  upstream: 'xrpl',
  asks: 'server_info on mainnet',
  run: (endpoint, signal) => withXrplConnection(endpoint, signal, async () => 'mainnet'),
};
