import type { Services } from './services.js';

/**
 * A value made once per services object (a process's, a test's) and kept as long as it is: the
 * in-process caches of the request path, which must never mix two services' stores or clocks.
 *
 * @example const answersOf = perServices(() => new MemoryTtlCache<string>()); answersOf(services).peek(key, nowMs);
 */
export function perServices<T extends object>(make: (services: Services) => T): (services: Services) => T {
  const made = new WeakMap<Services, T>();
  return (services) => {
    let value = made.get(services);
    if (!value) made.set(services, (value = make(services)));
    return value;
  };
}
