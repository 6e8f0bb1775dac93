// One fixed fast-check seed for every property test, printed, and replaceable with PROPERTY_SEED to replay another run.
import fc from 'fast-check';

/** The seed CI runs with: a run that fails by chance cannot happen, a failure always replays. */
export const DEFAULT_SEED = 20_261_129;

/**
 * Sets fast-check's global seed (PROPERTY_SEED, else DEFAULT_SEED) for this test file and prints
 * it on stderr with the line that replays it. Each fc.assert in the file starts from this seed.
 */
export function seedFastCheck(file: string): number {
  const given = process.env['PROPERTY_SEED'];
  const seed = given === undefined || given === '' ? DEFAULT_SEED : Number(given);
  if (!Number.isSafeInteger(seed)) {
    throw new Error(`PROPERTY_SEED must be an integer, not ${JSON.stringify(given)}`);
  }
  fc.configureGlobal({ ...fc.readConfigureGlobal(), seed });
  process.stderr.write(
    `${file}: fast-check seed ${seed} (replay another with PROPERTY_SEED=<n> npx vitest run ${file})\n`,
  );
  return seed;
}
