// Keeps V8's young generation at its starting size, so RSS stays small between garbage collections.
import { setUnlessGiven } from './v8-flag.js';

const GROWTH_FLAG = '--semi-space-growth-factor';
const USER_FLAGS = [GROWTH_FLAG, '--max-semi-space-size', '--min-semi-space-size'];

/**
 * A stdio server answers small requests, so a young generation that doubles under load (up to
 * 3 x 16 MB) only keeps more garbage resident. `--max-semi-space-size` cannot be changed once the
 * heap exists, but V8 reads the growth factor each time it would grow the semi-spaces, so a
 * factor of 1 set here, before the server allocates, keeps them at their initial 1 MB
 * (README Performance has the measurements). A semi-space flag given by the user wins.
 */
export function keepYoungGenerationSmall(execArgv: readonly string[], nodeOptions = ''): boolean {
  return setUnlessGiven(`${GROWTH_FLAG}=1`, USER_FLAGS, execArgv, nodeOptions);
}

keepYoungGenerationSmall(process.execArgv, process.env['NODE_OPTIONS']);
