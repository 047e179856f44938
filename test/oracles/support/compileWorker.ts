import { parentPort, workerData } from 'node:worker_threads';
import { compileOracle } from './compileOracles.js';
import type { OracleTarget } from './oracleTargets.js';

// One harness compiled off the main thread: compileOracles runs the cold compiles side by side.
const { target, fresh } = workerData as { target: OracleTarget; fresh: boolean };
parentPort!.postMessage(compileOracle(target, fresh));
