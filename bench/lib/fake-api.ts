// The fake API for benches: the built-in sample API on 127.0.0.1 with a generated data set.
import { generateDiscoveries, sampleData } from '../../src/sample-api/data.js';
import { type SampleApi, startSampleApi } from '../../src/sample-api/server.js';
import { API_KEY } from './server.js';

export type { SampleApi };

/** The sample API serving `count` generated discoveries. */
export function startBenchApi(count: number): Promise<SampleApi> {
  return startSampleApi({
    apiKey: API_KEY,
    data: { ...sampleData(), discoveries: generateDiscoveries(count) },
  });
}

/** The request headers the server sends, for a direct request made the same way. */
export const API_HEADERS = {
  accept: 'application/json',
  authorization: `Bearer ${API_KEY}`,
  'user-agent': 'network-discovery-mcp-bench',
};
