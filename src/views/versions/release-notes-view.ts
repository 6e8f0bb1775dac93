// get_unseen_release_notes' result for both channels: the service's release notes as markdown, headings on one line.
import type { ReleaseNotes } from '../../api/schemas.js';
import { quoteBody, quoteProse, versionText } from '../../safety/quote.js';

export async function releaseNotesResult(result: ReleaseNotes) {
  // The HTML parser is loaded on first use: ~6 MB resident that no other tool needs.
  const { htmlToMarkdown, safeHref } = await import('./html-to-markdown.js');
  // Headings stay on one line and addresses stay http(s): both are someone else's text.
  const releases = result.releases.map((release) => ({
    version: oneLine(release.version),
    title: oneLine(release.title),
    date: oneLine(release.date),
    url: safeHref(release.url) ?? '',
    notes: htmlToMarkdown(release.html),
  }));
  const changelogUrl = safeHref(result.changelog_url);
  const lines =
    releases.length === 0
      ? ['No unseen release notes: the user has seen every release up to the running version.']
      : [`# ${releases.length} unseen release${releases.length === 1 ? '' : 's'}`];
  for (const release of releases) {
    lines.push(
      `## ${versionText(release.version)}${release.title ? `: ${quoteProse(release.title, 200)}` : ''}${release.date ? ` (${quoteBody(release.date, 40)})` : ''}`,
    );
    if (release.url) lines.push(release.url);
    if (release.notes) lines.push(release.notes);
  }
  if (changelogUrl) lines.push(`Full changelog: ${changelogUrl}`);
  return {
    structured: { releases, ...(changelogUrl ? { changelog_url: changelogUrl } : {}) },
    text: lines.join('\n'),
  };
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
