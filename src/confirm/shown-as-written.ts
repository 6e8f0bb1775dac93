// Refuses a value to be written whose visible form differs from its raw value: a person approves what they see, so what they see must be all there is.
import { ToolMessageError } from '../errors.js';
import { describeHidden, hiddenCharacters, withoutHidden } from '../safety/hidden-characters.js';
import { quote } from '../safety/quote.js';

/** The value holds characters a person cannot see as they are; nothing was read or sent. */
export class HiddenCharactersError extends ToolMessageError {
  constructor(
    readonly field: string,
    /** The characters named, for the audit trail (never the value). */
    readonly named: string,
    message: string,
  ) {
    super(message);
  }
}

const WHY =
  'A person must approve exactly what is written, so a value with control, bidirectional, tag, zero-width, variation-selector, blank-filler or other invisible characters (or a space other than U+0020) is refused.';

/**
 * Throws when `value` holds a hidden character. The name is shown as a person would see it, the
 * characters named by code point and Unicode name; a secret is never shown, only its characters'
 * names.
 */
export function refuseHidden(field: string, value: string, secret = false): void {
  const found = hiddenCharacters(value);
  if (found.length === 0) return;
  const named = describeHidden(found);
  const what = secret
    ? `the ${field} (not shown)`
    : `the ${field} ${quote(withoutHidden(value), 100)} as shown`;
  const fix = secret
    ? `Ask the user for the ${field} again and pass exactly the visible characters they type.`
    : `Pass the ${field} with visible characters only (plain spaces). If the stored ${field} itself holds them, rename it in Scanopy's web UI first.`;
  throw new HiddenCharactersError(
    field,
    named,
    `Nothing was sent: ${what} also holds characters a person cannot see as they are: ${named}. ${WHY} ${fix}`,
  );
}
