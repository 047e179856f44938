/**
 * `npm run doctor`: asks every configured upstream once (its chain or network, and one thing a
 * module reads there) and prints what answered, how fast, and what to change where it did not.
 * Exit code 1 when any check failed. With UPSTREAM=recorded it asks the replay server.
 */
import { doctorTable, runDoctor } from '../shared/doctor/runDoctor.js';
import { upstreamChecks } from '../shared/doctor/upstreamChecks.js';
import { upstreamMode, recordedUpstreams } from '../shared/upstream/replay/recordedUpstreams.js';
import { createUpstreams } from '../shared/upstream/upstreams.js';

const recorded = upstreamMode() === 'recorded' ? await recordedUpstreams() : undefined;
const rows = await runDoctor(recorded?.upstreams ?? createUpstreams(), await upstreamChecks());
console.log(doctorTable(rows));
const failed = rows.filter((row) => !row.ok).length;
console.log(`\n${rows.length - failed} of ${rows.length} upstreams answered as they must${recorded ? ' (recorded upstreams)' : ''}.`);
await recorded?.close();
process.exit(failed > 0 ? 1 : 0);
