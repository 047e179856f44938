/**
 * `npm run doctor`: asks every configured upstream once (its chain or network, and one thing a
 * module reads there) and prints what answered, how fast, and what to change where it did not.
 * Exit code 1 when any check failed. With UPSTREAM=recorded it asks the replay server, and a check
 * its recordings do not answer is told as not recorded (exit code 0 if nothing else failed).
 */
import { doctorExitCode, doctorSummary, doctorTable, runDoctor } from '../shared/doctor/runDoctor.js';
import { upstreamChecks } from '../shared/doctor/upstreamChecks.js';
import { upstreamMode, recordedUpstreams } from '../shared/upstream/replay/recordedUpstreams.js';
import { createUpstreams } from '../shared/upstream/upstreams.js';

const recorded = upstreamMode() === 'recorded' ? await recordedUpstreams() : undefined;
const rows = await runDoctor(recorded?.upstreams ?? createUpstreams(), await upstreamChecks());
console.log(doctorTable(rows));
console.log(`\n${doctorSummary(rows, Boolean(recorded))}`);
await recorded?.close();
process.exit(doctorExitCode(rows));
