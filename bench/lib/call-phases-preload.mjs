// Loaded with `node --import` into a server that bench/call-phases.ts measures: splits each answered request into before its HTTP request, the exchange, and after it, from Node's public diagnostics channels.
import diagnostics from 'node:diagnostics_channel';
import { writeFileSync } from 'node:fs';

const now = () => Number(process.hrtime.bigint()) / 1e6;
const cpu = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};

/** One call: times (ms) at each boundary, and the process's CPU at the two that bound our code. */
let current;
const calls = [];

// The request's first bytes: stdin's 'data' event, before the SDK reads them.
const emit = process.stdin.emit;
process.stdin.emit = function (event, ...args) {
  if (event === 'data') current = { data: now(), dataCpu: cpu() };
  return emit.call(this, event, ...args);
};

// node:http (this server, the floor that makes its GET as it does) and undici (fetch, the others).
// The exchange ends at the response's headers on both: node:http publishes `response.finish` once
// the headers are read (before the body), so undici's `headers`, not its `trailers` (the body's end).
const requestStarted = () => {
  if (current && current.request === undefined) {
    current.request = now();
    current.requestCpu = cpu();
  }
};
const headersRead = () => {
  if (current && current.request !== undefined) {
    current.response = now();
    current.responseCpu = cpu();
  }
};
diagnostics.subscribe('http.client.request.start', requestStarted);
diagnostics.subscribe('undici:request:create', requestStarted);
diagnostics.subscribe('http.client.response.finish', headersRead);
diagnostics.subscribe('undici:request:headers', headersRead);

// The answer: the first write of a JSON-RPC result after the exchange.
const write = process.stdout.write;
process.stdout.write = function (chunk, ...args) {
  if (current?.response !== undefined && String(chunk).includes('"result"')) {
    const c = current;
    calls.push({
      before: c.request - c.data,
      exchange: c.response - c.request,
      after: now() - c.response,
      beforeCpu: c.requestCpu - c.dataCpu,
      afterCpu: cpu() - c.responseCpu,
    });
    current = undefined;
  }
  return write.call(this, chunk, ...args);
};

process.on('exit', () => {
  const out = process.env.CALL_PHASES_OUT;
  if (out) writeFileSync(out, JSON.stringify(calls));
});
