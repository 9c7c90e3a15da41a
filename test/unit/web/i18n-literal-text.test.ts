/**
 * No user-facing text written as a literal in web/src (issue 19, "portal pages in every language"):
 * every label, header, message and JSX text comes from the catalogs, so a page in Español or 中文
 * has no English left in it. How the scan decides what is text: test/support/literal-text.ts; why a
 * static scan: docs/decisions.md, "Portal pages in every language".
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { literalTexts, literalTextsOf, sourceFiles } from '../../support/literal-text';

const WEB_SRC = fileURLToPath(new URL('../../../web/src/', import.meta.url));

/**
 * The English source of catalog entries, not a page's text: the catalog test checks the catalog
 * has these word for word (planned pages' titles and what they will hold).
 */
const ENGLISH_SOURCES = [
  'shell/planned-pages.ts',
  // Registered with addEnglishSource: appointments.status.* and appointments.message.*.
  'appointments/status.ts',
  'appointments/messages.ts',
  // team.role.*
  'team/roles.ts',
  // settings.message.*
  'settings/messages.ts',
];

/**
 * Debt: files whose texts are not in the catalogs yet, with how many literal texts each has today.
 * A file may only go down (convert it, then delete its line); one that is not listed has none.
 */
const NOT_YET_TRANSLATED: Record<string, number> = {};

const found = sourceFiles(WEB_SRC)
  .flatMap((path) => literalTexts(path, WEB_SRC))
  .map((literal) => ({ ...literal, file: literal.file.split('\\').join('/') }))
  .filter((literal) => !ENGLISH_SOURCES.includes(literal.file));
const countIn = (file: string) => found.filter((literal) => literal.file === file).length;

describe('no literal user-facing text in web/src', () => {
  it('the scan finds text in JSX, in text props and properties, in messages and in text tables, and nothing else', () => {
    const sample = [
      "const STATUS_LABEL = { attended: 'Attended' };",
      "const Page = () => <Box header={busy ? 'Saving' : t('page.title')} variant=\"h2\" iconName=\"add-plus\">",
      "  <b>No clients</b>{' '}{open ? 'Open' : 'Closed'}{t('clients.add')}",
      "  <Table loadingText=\"Loading\" ariaLabels={{ pageLabel: (n) => `Page ${n}` }} columns={[{ id: 'name', header: 'Name' }]} />",
      "  <Link href=\"https://example.com/help\" className=\"wide\">{name}</Link>-",
      "  <Calendar buttonText={{ today: 'Today' }} headerToolbar={{ left: 'prev,next today' }} />",
      '</Box>;',
      "if (kind === 'archived') banners.show('success', 'The client was removed.');",
      "const empty = { label: '-', value: '' };",
      "const title = editing ? t('x.edit') : 'Add team member';",
      "function problemText(reason: string) { if (reason === 'required') return 'Choose at least one role'; return t('x.other'); }",
      "function fieldPath(key: string) { return 'memberDetail.email'; }",
    ].join('\n');
    expect(literalTextsOf('sample.tsx', sample).map((literal) => literal.text)).toEqual([
      'Attended', 'Saving', 'No clients', 'Open', 'Closed', 'Loading', 'Page …', 'Name', 'Today', 'The client was removed.', 'Add team member', 'Choose at least one role',
    ]);
  });

  it('files not listed as debt (Clients, the client form and page, the shell, public pages, sign-in, sign-up) have none', () => {
    const listed = new Set(Object.keys(NOT_YET_TRANSLATED));
    expect(found.filter((literal) => !listed.has(literal.file)).map(({ file, line, text }) => `${file}:${line} ${text}`)).toEqual([]);
  });

  it('a file listed as debt gains no literal text, and leaves the list once converted', () => {
    for (const [file, count] of Object.entries(NOT_YET_TRANSLATED)) {
      const now = countIn(file);
      expect(now, `${file} has more literal texts than listed: move the new ones to the catalogs`).toBeLessThanOrEqual(count);
      expect(now, `${file} has no literal text left: delete its line from NOT_YET_TRANSLATED`).toBeGreaterThan(0);
    }
  });
});
