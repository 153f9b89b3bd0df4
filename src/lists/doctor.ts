// The doctor: the data signatures of known OpenIM defects (doctorChecks.ts) found in one user, one
// group, the first N users or every user, as a list like any other (detail, export, -o
// json|ndjson|csv|table). `:doctor user ID`, `:doctor group ID`, `:doctor users N`, `:doctor all`
// in the explorer (the command's text is the prompt's answer), `doctor --user ID|--group ID|--users
// N|--all` in scripting. A scan is done once per query (page 1, or a page with no scan behind it)
// and its findings paged from memory, so that the pages after it and `--all`'s walk send nothing.
import type { OpenIMClient } from '../api/client.js';
import type { PageOperation, PageProgress } from '../api/pages.js';
import type { Page } from '../api/schemas.js';
import { formatCount } from '../content/format.js';
import { idAt, labelAt, textAt } from '../domain/columns.js';
import { idText } from '../terminal/sanitize.js';
import { displayText } from '../terminal/settle.js';
import { lookupUser } from '../api/userLookup.js';
import { noSuchUserText } from '../domain/userIdentity.js';
import { CHECKS, findCheck, unknown, type Finding } from './doctorChecks.js';
import { groupFindingsOf, scanUsers, scanWords, userFindings, limiter, DOCTOR_IN_FLIGHT } from './doctorScan.js';
import { listOf } from './parts.js';
import { textFlag, type QueryFlags } from './types.js';

/** What the doctor looks at. */
export type DoctorTarget = { kind: 'none' } | { kind: 'user'; id: string } | { kind: 'group'; id: string } | { kind: 'users'; count: number } | { kind: 'all' };

interface DoctorQuery {
  target: DoctorTarget;
}

/** The most users `users N` scans (more: `all`). */
const USERS_MAX = 10_000_000;

/** The prompt's and the `:doctor` command's words: `user ID`, `group ID`, `users N`, `all`; a bare word is a user ID. */
export function parseTarget(text: string): DoctorTarget | string {
  const [word = '', arg = '', ...rest] = text.trim().split(/\s+/);
  if (word === '') return { kind: 'none' };
  if (rest.length > 0) return 'one target: user ID, group ID, users N or all';
  switch (word.toLowerCase()) {
    case 'user':
    case 'group':
      return arg ? { kind: word.toLowerCase() as 'user' | 'group', id: arg } : `${word.toLowerCase()} needs an ID`;
    case 'users': {
      const n = Number(arg);
      return Number.isSafeInteger(n) && n >= 1 && n <= USERS_MAX ? { kind: 'users', count: n } : 'users needs a number of users from 1';
    }
    case 'all':
      return arg ? 'all takes nothing after it' : { kind: 'all' };
    default:
      return arg ? 'say user ID, group ID, users N or all' : { kind: 'user', id: word };
  }
}

const targetText = (t: DoctorTarget): string =>
  t.kind === 'none' ? '' : t.kind === 'all' ? 'all' : t.kind === 'users' ? `users ${t.count}` : `${t.kind} ${t.id}`;

const asQuery = (text: string): DoctorQuery => {
  const t = parseTarget(text);
  return { target: typeof t === 'string' ? { kind: 'none' } : t };
};

function targetFromFlags(f: QueryFlags): DoctorTarget | string {
  const user = textFlag(f, 'user');
  const group = textFlag(f, 'group');
  // Beside --user or --group, `--users N` is the demo's population and `--all` every page of the findings.
  if (user) return user.includes(',') ? 'doctor --user takes one user ID (--users N scans many)' : { kind: 'user', id: user };
  if (group) return { kind: 'group', id: group };
  // `--users N` scans the first N users (with --demo also the population), `--all` every user.
  if (f.users !== undefined) {
    const many = parseTarget(`users ${String(f.users)}`);
    return typeof many === 'string' ? `--${many}` : many;
  }
  return f.all === true ? { kind: 'all' } : 'doctor needs --user ID, --group ID, --users N or --all';
}

/** Findings in the order of the users scanned, then of CHECKS: a scan's answers arrive in any order. */
function ordered(findings: readonly Finding[], subjects: readonly string[]): Finding[] {
  const at = new Map(subjects.map((id, i) => [id, i]));
  const rank = new Map<string, number>([...CHECKS.map((c, i) => [c.id, i] as const), ['read-failed', -1]]);
  return [...findings].sort(
    (a, b) => (at.get(a.subjectID) ?? 0) - (at.get(b.subjectID) ?? 0) || a.subjectID.localeCompare(b.subjectID) || rank.get(a.check)! - rank.get(b.check)! || a.where.localeCompare(b.where),
  );
}

interface Scan {
  key: string;
  findings: Finding[];
  notice: string;
}

/** The last whole scan per connection: the pages after page 1, and `--all`'s walk, read it. */
const lastScans = new WeakMap<OpenIMClient, Scan>();

async function runScan(client: OpenIMClient, target: DoctorTarget, signal: AbortSignal | undefined, progress: PageProgress | undefined): Promise<Scan & { stopped: boolean }> {
  const key = JSON.stringify(target);
  switch (target.kind) {
    case 'none':
      return { key, findings: [], notice: '', stopped: false };
    case 'user': {
      progress?.report(`doctor: reading user ${idText(target.id)}`);
      // A user that does not exist is not a user with nothing wrong: said first (the checks still run, and find nothing).
      const [lookup, checked] = await Promise.all([lookupUser(client, target.id, signal).catch(() => undefined), userFindings(client, target.id, { limit: limiter(DOCTOR_IN_FLIGHT), signal })]);
      const found = lookup?.kind === 'none' ? [unknown('user', target.id, '/user/get_users_info', noSuchUserText(target.id, lookup)), ...checked] : checked;
      return { key, findings: ordered(found, [target.id]), notice: `user ${idText(target.id)}: ${CHECKS.filter((c) => c.subject === 'user').length} checks`, stopped: false };
    }
    case 'group': {
      progress?.report(`doctor: reading group ${idText(target.id)}`);
      const found = await groupFindingsOf(client, target.id, signal, Date.now());
      return { key, findings: ordered(found, [target.id]), notice: `group ${idText(target.id)}: ${CHECKS.filter((c) => c.subject === 'group').length} checks`, stopped: false };
    }
    case 'users':
    case 'all': {
      const scan = await scanUsers(client, target.kind === 'users' ? target.count : undefined, signal, progress);
      const subjects = [...new Set(scan.findings.map((f) => f.subjectID))].sort();
      return { key, findings: ordered(scan.findings, subjects), notice: `${scan.stopped ? 'stopped: ' : ''}${scanWords(scan.count)}`, stopped: scan.stopped };
    }
  }
}

interface DoctorPlan {
  target: DoctorTarget;
  page: number;
  size: number;
}

const operation: PageOperation<Finding> = {
  name: 'doctor',
  path: '/msg/get_conversations_has_read_and_max_seq',
  totalExact: true,
  plans: true,
  async send(client, body, signal, progress): Promise<Page<Finding>> {
    const plan = body as DoctorPlan;
    const key = JSON.stringify(plan.target);
    const last = lastScans.get(client);
    const scan = plan.page > 1 && last?.key === key ? { ...last, stopped: false } : await runScan(client, plan.target, signal, progress);
    // A stopped scan is shown, never kept: asking again scans again.
    if (!scan.stopped) lastScans.set(client, { key: scan.key, findings: scan.findings, notice: scan.notice });
    const start = (plan.page - 1) * plan.size;
    return {
      rows: scan.findings.slice(start, start + plan.size),
      total: scan.findings.length,
      totalExact: true,
      ...(scan.notice ? { notice: scan.notice } : {}),
      sent: { path: '/msg/get_conversations_has_read_and_max_seq', body: { target: targetText(plan.target) } },
      ...(scan.stopped ? { stopped: true as const } : {}),
    };
  },
};

const verdictWord = (f: Finding): string => (f.verdict === 'unknown' ? 'unknown' : f.verdict === 'info' ? 'info' : 'finding');
/** A check's name; a read that failed (or a user who does not exist) is `unknown`, with its reason as what was seen. */
const titleOf = (check: unknown): string => (check === 'read-failed' ? 'unknown' : (findCheck(check)?.title ?? String(check)));
const checkTitle = (f: Finding): string => titleOf(f.check);

export const doctor = listOf<Finding, never, DoctorQuery>({
  wire: {
    operation,
    body: (request) => ({ target: request.query.target, page: request.page, size: request.size }) satisfies DoctorPlan,
    query: {
      initial: { target: { kind: 'none' } },
      narrowed: (q) => q.target.kind !== 'none',
      label: (q) => (q.target.kind === 'none' ? '' : `doctor ${targetText(q.target)}`),
      crumb: (q) => targetText(q.target),
      prompt: {
        kind: 'ids',
        label: 'doctor: ',
        hint: 'user ID, group ID, users N (the first N users) or all',
        text: (q) => targetText(q.target),
        answer: (text) => asQuery(text),
        example: 'user user_000001',
        check: (text) => {
          const t = parseTarget(text);
          return typeof t === 'string' ? t : undefined;
        },
        refused: 'users none',
        replaces: true,
      },
      fromFlags: (f) => {
        // Both named, or several users: the first user (flagsProblem refuses either before anything is sent).
        const user = textFlag(f, 'user')?.split(',')[0];
        const t = user ? ({ kind: 'user', id: user } as const) : targetFromFlags(f);
        return { target: typeof t === 'string' ? { kind: 'none' } : t };
      },
      flagsProblem: (f) => {
        if (textFlag(f, 'user') && textFlag(f, 'group')) return 'doctor takes one of --user ID, --group ID, --users N or --all';
        const t = targetFromFlags(f);
        return typeof t === 'string' ? t : undefined;
      },
      emptyUntilAsked: true,
    },
    totalWords: (total: number) => `${formatCount(total)} findings`,
  },
  table: {
    columns: [
      labelAt<Finding>('check', 'CHECK', 1, titleOf),
      idAt<Finding>('subjectID', 'WHO'),
      { ...textAt<Finding>('where', 'WHERE', 3, { min: 8, max: 36 }), },
      textAt<Finding>('seen', 'SEEN', 2, { min: 16 }),
      labelAt<Finding>('verdict', 'VERDICT', 4),
    ],
    detail: (f) => {
      const c = findCheck(f.check);
      return {
        title: `${checkTitle(f)}: ${idText(f.subjectID)}`,
        sections: [
          {
            title: 'Finding',
            fields: [
              { label: 'verdict', value: verdictWord(f) },
              { label: f.subject, value: f.subjectID },
              { label: 'where', value: f.where || '(the ' + f.subject + ' itself)' },
              { label: 'seen', value: displayText(f.seen) },
              { label: 'route', value: f.route },
            ],
          },
          c
            ? {
                title: 'Check',
                fields: [
                  { label: 'check', value: `${c.title} (${c.id})` },
                  { label: 'reads', value: c.reads },
                  { label: 'why it matters', value: c.why },
                  { label: 'upstream', value: c.upstream.length ? c.upstream.join(', ') : '(no upstream issue)' },
                  { label: 'fixed', value: c.fixed ?? 'no fix known' },
                ],
              }
            : {
                title: 'Check',
                fields: [
                  f.check === 'read-failed'
                    ? { label: 'why', value: 'a read the checks need failed (or names no such user): the checks that needed it are unknown, the others ran' }
                    : { label: 'check', value: `${displayText(f.check)}: not a check this version knows` },
                ],
              },
        ],
      };
    },
    csv: { after: ['subject', 'route', { name: 'upstream', value: (f) => findCheck(f.check)?.upstream.join(' ') ?? '' }] },
    identity: (f) => `${f.check}|${f.subjectID}|${f.where}|${f.route}`,
    rowID: (f) => f.subjectID,
    completionWords: (f) => [f.subjectID, f.where].filter(Boolean),
    emptyText: ({ target }, keys) =>
      target.kind === 'none'
        ? `nothing examined yet: ${keys.search ? `${keys.search} or ` : ''}the doctor command with user ID, group ID, users N or all`
        : `no findings: ${targetText(target)} shows none of the ${CHECKS.length} signatures`,
  },
  place: {
    // The user a finding is of, or the member a group's finding names.
    userNamed: (f) => (f.subject === 'user' ? f.subjectID : f.check === 'mute-ended' || f.check === 'owner-not-member' ? f.where : '') || undefined,
    keys: [{ action: 'doctorTarget', keys: ['s'], hint: 'examine', description: 'doctor: examine user ID, group ID, users N or all', run: { openPrompt: 'ids' } }] as const,
    jump: {
      aliases: [],
      description: 'the data signatures of known defects in a user, a group or many users',
      argument: 'user|group ID',
    },
  },
});
