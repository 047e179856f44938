import type { ParameterChange } from '../../domain/parameterChange.js';
import { configEngineChanges, type EnginePayloadViews } from '../../readers/configEngine/configEngineChanges.js';

/** An Aave payload's verified changes: the shared config-engine reading (shared/readers/configEngine/), as Aave's. Pure. */
export const changesOfEngineViews = (views: Omit<EnginePayloadViews, 'protocol'>): ParameterChange[] => configEngineChanges({ ...views, protocol: 'aave' });
