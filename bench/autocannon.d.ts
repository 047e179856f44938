/** The part of autocannon's programmatic API the load bench uses (the package ships no types). */
declare module 'autocannon' {
  interface Histogram { average: number; mean: number; total: number; p50: number; p97_5: number; p99: number; max: number }
  interface Result { requests: Histogram; latency: Histogram; throughput: Histogram; errors: number; timeouts: number; non2xx: number; '2xx': number; duration: number }
  interface Options { url: string; connections?: number; duration?: number; pipelining?: number; headers?: Record<string, string> }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
