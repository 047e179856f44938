import type { ParameterChange } from '../../shared/domain/parameterChange.js';
import type { ExposurePosition, SimulatorInputs } from '../../shared/domain/position.js';
import type { FeedProposal } from '../../shared/domain/proposal.js';
import { registered } from '../../shared/modules/registry.js';
import { rateAfter as rateAfterWith } from '../../shared/simulate/rateAfter.js';
import { simulateProposalInDetail as inDetailWith, simulateProposal as simulateWith } from '../../shared/simulate/simulateProposal.js';
import { touches as touchesWith } from '../../shared/simulate/touches.js';

/*
 * The simulator as the service runs it: with every registered module's parameter kinds and
 * calculators (registered()), so tests of a module's arithmetic go through the same dispatch as a scan.
 */
const REGISTERED = await registered();

export const simulateProposal = (proposal: FeedProposal, positions: readonly ExposurePosition[]) => simulateWith(proposal, positions, REGISTERED);
export const simulateProposalInDetail = (proposal: FeedProposal, positions: readonly ExposurePosition[]) => inDetailWith(proposal, positions, REGISTERED);
export const touches = (change: ParameterChange, exposure: ExposurePosition) => touchesWith(change, exposure, REGISTERED);
export const rateAfter = (inputs: SimulatorInputs, changes: readonly ParameterChange[]) => rateAfterWith(inputs, changes, REGISTERED);
