import { inUnitOf } from '../../simulate/changeValues.js';
import type { Calculator } from '../../simulate/calculator.js';
import { sameMarket } from '../../simulate/touches.js';
import { xrplMarketName } from './names.js';
import { reserveEffect } from './reserveEffect.js';

/**
 * Reserve changes move one number, the XRP an account locks, and apply at the same flag ledger:
 * a proposal's are applied together, and when the ledger already carries them all, the effect
 * says what they did.
 */
export const reserves: Calculator = {
  parameters: ['reserveBase', 'reserveIncrement'],
  ownsInEffect: true,
  touches: (change, exposure) => sameMarket(change, exposure) && exposure.inputs.ledgerReserve !== undefined,
  chainValue(change, { inputs }) {
    if (!inputs.ledgerReserve) return undefined;
    return inUnitOf(change, { drops: change.parameter === 'reserveBase' ? inputs.ledgerReserve.baseDrops : inputs.ledgerReserve.incrementDrops });
  },
  effects: (changes, exposure) => [reserveEffect(changes, exposure)],
};

/** An amendment changes the rules the positions it concerns follow (its market: the part of an account); nothing is priced. */
export const amendments: Calculator = {
  parameters: ['amendment'],
  effects: (changes, { position }) =>
    changes.map((change) => ({
      level: 'low',
      summary: `The ${String(change.to)} amendment changes the rules your ${position.asset} position follows ${(change.market && xrplMarketName(change.market)) ? `on its ${xrplMarketName(change.market)}` : 'on the ledger'}; nothing is priced.`,
      assets: [position.asset],
      simulated: true,
    })),
};

export const XRPL_CALCULATORS: readonly Calculator[] = [reserves, amendments];
