import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { messages, type MessageKey } from '../../renderer/src/i18n/messages';

/**
 * The user guides' contents list every section, and their list of the header's sections is the
 * header's: a section added to the guide or to the app is not left out of either.
 */
const guides = [
  { file: 'docs/user-guide.md', locale: 'en', header: 'The sections are in the header:' },
  {
    file: 'docs/user-guide.pt-BR.md',
    locale: 'pt-BR',
    header: 'As seções ficam no cabeçalho:',
  },
] as const;

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The header's sections, in the order app.tsx shows them. */
function headerSections(): string[] {
  const app = readFileSync('renderer/src/app/app.tsx', 'utf8');
  const list = /const sections: Section\[\] = \[([^\]]*)\]/.exec(app)?.[1] ?? '';
  return [...list.matchAll(/'([a-z]+)'/g)].map((match) => match[1] ?? '');
}

describe.each(guides)('$file', ({ file, locale, header }) => {
  const text = readFileSync(file, 'utf8');
  const headings = [...text.matchAll(/^## (.+)$/gm)].map((match) => match[1] ?? '');
  const contents = text.slice(0, text.indexOf('\n## '));
  const entries = [...contents.matchAll(/^- \[(.+)\]\(#(.+)\)$/gm)].map((match) => ({
    title: match[1],
    anchor: match[2],
  }));

  it('lists every section in its contents, in order, each linked to its heading', () => {
    expect(headings.length).toBeGreaterThan(10);
    expect(entries).toEqual(
      headings.map((heading) => ({ title: heading, anchor: anchorOf(heading) })),
    );
  });

  it('names the header’s sections as the app shows them, in its order', () => {
    const at = text.indexOf(header);
    expect(at).toBeGreaterThan(0);
    const sentence = text.slice(at, text.indexOf('.\n', at));
    const named = [...sentence.matchAll(/\*\*([^*]+)\*\*/g)].map((match) => match[1]);
    const sections = headerSections();
    expect(sections).toContain('report');
    expect(named).toEqual(
      sections.map((section) => messages[locale][`nav.${section}` as MessageKey]),
    );
  });
});
