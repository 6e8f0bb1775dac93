// What a direct request to the fake API sends: the same headers the server sends.
import { API_KEY } from './server.js';

export const API_HEADERS = {
  accept: 'application/json',
  authorization: `Bearer ${API_KEY}`,
  'user-agent': 'network-discovery-mcp-bench',
};
