// Whether a community is a redaction placeholder (asterisks, bullets, "[redacted]") in any disguise.

/** Zero-width and invisible formatting characters a copy-paste or an attacker may slip in. */
const INVISIBLE = /[\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF]/g;
/** Asterisks and the bullets and dots UIs draw masked values with (after NFKC, so fullwidth ＊ is *). */
const MASK_CHARACTERS = /^[*\u2022\u2023\u2043\u2219\u25CF\u25E6\u2981\u00B7\u22C5\u2027\u30FB]+$/;
/** What redactors, this server's included, print in place of a secret. */
const MARKER = /^[[<({]?(?:redacted|hidden|masked|secret|removed)[\])>}]?$/i;

/**
 * True for a value that only stands for a hidden secret: written back, it would replace the real
 * community with the mask. Compared after NFKC with whitespace and invisible characters removed,
 * so " ********", "********\n", fullwidth and zero-width variants are caught too.
 */
export function isRedactionPlaceholder(value: string): boolean {
  const bare = value.normalize('NFKC').replace(INVISIBLE, '').replace(/\s+/g, '');
  if (bare === '') return true;
  return MASK_CHARACTERS.test(bare) || MARKER.test(bare);
}
