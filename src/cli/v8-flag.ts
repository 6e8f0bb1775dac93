// Sets a V8 flag before the server allocates, unless the user chose one of the flags it stands in for.
import { nodeV8 } from '../node-builtins.js';

/**
 * `setting` (`--flag=value`) applied unless `execArgv` or NODE_OPTIONS holds one of `userFlags`
 * (either spelling, `-` or `_`): the user's own heap tuning wins. True when it was applied.
 */
export function setUnlessGiven(
  setting: string,
  userFlags: readonly string[],
  execArgv: readonly string[],
  nodeOptions = '',
): boolean {
  const given = [...execArgv, ...nodeOptions.split(/\s+/)];
  if (given.some((arg) => userFlags.some((flag) => arg.replaceAll('_', '-').startsWith(flag)))) {
    return false;
  }
  nodeV8().setFlagsFromString(setting);
  return true;
}
