// The part of autocannon's API the server benchmarks use (the package ships no types).
declare module 'autocannon' {
  namespace autocannon {
    interface Histogram {
      average: number;
      p50: number;
      p99: number;
    }
    interface Result {
      requests: Histogram;
      latency: Histogram;
      non2xx: number;
      errors: number;
      timeouts: number;
    }
    interface RequestSpec {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
      setupRequest?: (request: RequestSpec) => RequestSpec;
    }
    interface Options {
      url: string;
      connections?: number;
      duration?: number;
      overallRate?: number;
      headers?: Record<string, string>;
      /** Requests in turn; `setupRequest` may change each one as it is sent (a fresh body). */
      requests?: RequestSpec[];
    }
  }
  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;
  export default autocannon;
}
