// Finds the characters whose visible form differs from their raw value, and names each: what a person cannot see in text they approve.

/**
 * Characters that do not show as what they are, from Unicode's own properties rather than a hand
 * list: controls (Cc), format characters (Cf: zero-width, bidi, tags, invisible operators), every
 * Default_Ignorable_Code_Point (variation selectors, Hangul fillers, the combining grapheme
 * joiner...), lone surrogates (Cs), line and paragraph separators, every space but U+0020 (it reads
 * as a space and is not one), and the blank braille pattern U+2800, drawn as nothing.
 */
const HIDDEN =
  /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\p{Variation_Selector}\p{Bidi_Control}\u2800]|(?! )\p{White_Space}/gu;

/** Names of the characters met most, by code point (Unicode's names). */
const NAMES: ReadonlyMap<number, string> = new Map([
  [0x00, 'NULL'],
  [0x09, 'CHARACTER TABULATION'],
  [0x0a, 'LINE FEED'],
  [0x0d, 'CARRIAGE RETURN'],
  [0x1b, 'ESCAPE'],
  [0x7f, 'DELETE'],
  [0xa0, 'NO-BREAK SPACE'],
  [0xad, 'SOFT HYPHEN'],
  [0x034f, 'COMBINING GRAPHEME JOINER'],
  [0x061c, 'ARABIC LETTER MARK'],
  [0x115f, 'HANGUL CHOSEONG FILLER'],
  [0x1160, 'HANGUL JUNGSEONG FILLER'],
  [0x180e, 'MONGOLIAN VOWEL SEPARATOR'],
  [0x200b, 'ZERO WIDTH SPACE'],
  [0x200c, 'ZERO WIDTH NON-JOINER'],
  [0x200d, 'ZERO WIDTH JOINER'],
  [0x200e, 'LEFT-TO-RIGHT MARK'],
  [0x200f, 'RIGHT-TO-LEFT MARK'],
  [0x2028, 'LINE SEPARATOR'],
  [0x2029, 'PARAGRAPH SEPARATOR'],
  [0x202a, 'LEFT-TO-RIGHT EMBEDDING'],
  [0x202b, 'RIGHT-TO-LEFT EMBEDDING'],
  [0x202c, 'POP DIRECTIONAL FORMATTING'],
  [0x202d, 'LEFT-TO-RIGHT OVERRIDE'],
  [0x202e, 'RIGHT-TO-LEFT OVERRIDE'],
  [0x202f, 'NARROW NO-BREAK SPACE'],
  [0x2060, 'WORD JOINER'],
  [0x2061, 'FUNCTION APPLICATION'],
  [0x2062, 'INVISIBLE TIMES'],
  [0x2063, 'INVISIBLE SEPARATOR'],
  [0x2064, 'INVISIBLE PLUS'],
  [0x2066, 'LEFT-TO-RIGHT ISOLATE'],
  [0x2067, 'RIGHT-TO-LEFT ISOLATE'],
  [0x2068, 'FIRST STRONG ISOLATE'],
  [0x2069, 'POP DIRECTIONAL ISOLATE'],
  [0x2800, 'BRAILLE PATTERN BLANK'],
  [0x3000, 'IDEOGRAPHIC SPACE'],
  [0x3164, 'HANGUL FILLER'],
  [0xfeff, 'ZERO WIDTH NO-BREAK SPACE'],
  [0xffa0, 'HALFWIDTH HANGUL FILLER'],
]);

const hex = (codePoint: number) => `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;

/** Unicode's name where it is listed or follows a rule, else the kind of character it is. */
function nameOf(codePoint: number, char: string): string {
  const listed = NAMES.get(codePoint);
  if (listed) return listed;
  if (codePoint >= 0xfe00 && codePoint <= 0xfe0f)
    return `VARIATION SELECTOR-${codePoint - 0xfe00 + 1}`;
  if (codePoint >= 0xe0100 && codePoint <= 0xe01ef) {
    return `VARIATION SELECTOR-${codePoint - 0xe0100 + 17}`;
  }
  if (/\p{Cc}/u.test(char)) return 'control character';
  if (/\p{Cs}/u.test(char)) return 'lone surrogate';
  if (/\p{Bidi_Control}/u.test(char)) return 'bidirectional control';
  if (/\s/u.test(char)) return 'space other than U+0020';
  if (/\p{Cf}/u.test(char)) return 'invisible format character';
  return 'default-ignorable (invisible) character';
}

export interface HiddenCharacter {
  readonly codePoint: number;
  /** `U+202E RIGHT-TO-LEFT OVERRIDE`. */
  readonly label: string;
  readonly count: number;
}

const isTag = (codePoint: number) => codePoint >= 0xe0000 && codePoint <= 0xe007f;
/** Tag characters are counted as one kind: they spell text letter by letter, one kind each. */
const TAGS_LABEL =
  'TAG characters (U+E0000 to U+E007F: invisible copies of ASCII letters, digits and signs)';

/** The hidden characters of `text`, each once with how often it occurs, in order of first sight. */
export function hiddenCharacters(text: string): HiddenCharacter[] {
  const found = new Map<number, { codePoint: number; label: string; count: number }>();
  for (const match of text.matchAll(HIDDEN)) {
    const char = match[0];
    const codePoint = char.codePointAt(0) ?? 0;
    const key = isTag(codePoint) ? 0xe0000 : codePoint;
    const seen = found.get(key);
    if (seen) seen.count += 1;
    else {
      const label = isTag(codePoint) ? TAGS_LABEL : `${hex(codePoint)} ${nameOf(codePoint, char)}`;
      found.set(key, { codePoint, label, count: 1 });
    }
  }
  return [...found.values()];
}

/** Distinct characters named in one description; the rest are counted. */
const NAMED = 8;

/** "U+202E RIGHT-TO-LEFT OVERRIDE, 2 x U+200B ZERO WIDTH SPACE and 38 more of 12 other kinds". */
export function describeHidden(found: readonly HiddenCharacter[]): string {
  const named = found
    .slice(0, NAMED)
    .map(({ label, count }) => (count > 1 ? `${count} x ${label}` : label));
  const rest = found.slice(NAMED);
  if (rest.length === 0) return named.join(', ');
  const more = rest.reduce((sum, { count }) => sum + count, 0);
  return `${named.join(', ')} and ${more} more of ${rest.length} other kind${rest.length === 1 ? '' : 's'}`;
}

/** The text as a person sees it: every hidden character left out. */
export const withoutHidden = (text: string): string => text.replace(HIDDEN, '');
