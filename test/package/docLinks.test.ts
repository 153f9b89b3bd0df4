// README and the docs it links are one guide: a link between them that names a file which is not
// there, or a heading that is not in it (a section moved, renamed or cut), fails here, naming the
// link. Headings are matched as GitHub makes their anchors (lower case, punctuation dropped,
// spaces to dashes, a repeated heading numbered -1, -2 ...).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const GUIDE = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];

/** GitHub's anchor of a heading's text. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown file's headings, outside code blocks, and those it sets itself (`<a id="...">`). */
function anchorsIn(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>([...text.matchAll(/<a (?:id|name)="([^"]+)">/g)].map((m) => m[1]!));
  let fenced = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = fenced ? undefined : /^#{1,6}\s+(.*)$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const base = anchorOf(heading);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

/** Every relative link of a Markdown file (outside code blocks and code spans): its target and anchor. */
function linksIn(text: string): { target: string; anchor?: string }[] {
  const prose = text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!)
    .filter((href) => !/^[a-z]+:/i.test(href))
    .map((href) => {
      const [target = '', anchor] = href.split('#');
      return anchor === undefined ? { target } : { target, anchor };
    });
}

describe('the guide’s links', () => {
  it('the anchors are GitHub’s', () => {
    expect(anchorOf("Issue 38, fifth pass: the start from V8's code cache")).toBe('issue-38-fifth-pass-the-start-from-v8s-code-cache');
    expect(anchorOf('What it shows, and the servers’ quirks it copes with')).toBe('what-it-shows-and-the-servers-quirks-it-copes-with');
    expect([...anchorsIn('# Performance\n## Performance\n```\n# not a heading\n```\n- <a id="set-here"></a>text\n')]).toEqual(['set-here', 'performance', 'performance-1']);
  });

  it.each(GUIDE)('%s: every link to a file of the guide names a file and a heading that are there', (file) => {
    const from = join(ROOT, file);
    const broken = linksIn(readFileSync(from, 'utf8')).flatMap(({ target, anchor }) => {
      const to = target === '' ? from : resolve(dirname(from), target);
      if (!existsSync(to)) return [`${target}: no such file`];
      if (anchor === undefined || !to.endsWith('.md')) return [];
      return anchorsIn(readFileSync(to, 'utf8')).has(anchor) ? [] : [`${relative(ROOT, to)}#${anchor}: no such heading`];
    });
    expect(broken).toEqual([]);
  });
});
