// Prints what the redactor costs as secrets pile up: adding 4,000 and redacting a result after each.
import { performance } from 'node:perf_hooks';
import { createRedactor } from '../src/safety/redact.js';

const SECRETS = 4_000;
const result = JSON.stringify({
  items: Array.from(
    { length: 40 },
    (_, i) => `Discovery ${i} on 10.0.${i}.0/24, enabled, cron 0 3 * * *`,
  ),
});

const redactor = createRedactor(['scp_u_BENCHKEY0123456789abcdefABCDEF']);
const started = performance.now();
let addMs = 0;
for (let i = 0; i < SECRETS; i++) {
  const t = performance.now();
  redactor.add(`community-${i}-${(i * 7919).toString(36)}`);
  addMs += performance.now() - t;
  redactor.redact(result);
}
const total = performance.now() - started;
const t = performance.now();
for (let i = 0; i < 100; i++) redactor.redact(result);
const perRedact = (performance.now() - t) / 100;
console.log(
  `${SECRETS} secrets added, a ${result.length}-byte result redacted after each: ${Math.round(total)} ms in all (adding ${Math.round(addMs)} ms); one redaction with ${SECRETS} secrets: ${perRedact.toFixed(2)} ms`,
);
