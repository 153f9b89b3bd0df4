// What Tab offers in each prompt, and what Enter refuses.
import { describe, expect, it } from 'vitest';
import type { Conversation, NotificationAccount, User } from '../../src/api/schemas.js';
import { COMMAND_LINE } from '../../src/keys/commands.js';
import { promptCompletions, rowWords, sourcesFor, type CompletionSources } from '../../src/store/completion.js';
import type { ListState } from '../../src/store/types.js';
import { checkPromptLine } from '../../src/store/prompt.js';

const sources = (over: Partial<CompletionSources> = {}): CompletionSources => ({
  recentUsers: ['user_000003', 'user_000001', 'admin_7'],
  profiles: () => ['staging', 'prod-eu', 'lab'],
  rowWords: ['si_user_000001_user_000002', 'si_user_000001_user_000005', 'sg_group_9'],
  commands: COMMAND_LINE,
  ...over,
});

describe('the command line', () => {
  it('completes command names; those that take an argument get a space', () => {
    expect(promptCompletions('command', 'pa', sources())).toEqual(['page ']);
    expect(promptCompletions('command', 'us', sources())).toEqual(['users', 'user ']);
    expect(promptCompletions('command', '', sources())).toEqual(['users', 'accounts', 'status', 'messages', 'groups', 'user ', 'page ', 'seq ', 'profile ', 'sort ', 'columns ', 'log', 'help', 'quit']);
    expect(promptCompletions('command', 'x', sources())).toEqual([]);
  });

  it(':columns completes the fields of the list on screen, and parses one', () => {
    const fields = ['userID', 'nickname', 'createTime'];
    expect(promptCompletions('command', 'columns c', sources({ fields }))).toEqual(['columns createTime']);
    expect(checkPromptLine('command', 'columns nickname', COMMAND_LINE)).toEqual({ ok: true, value: 'columns nickname' });
    expect(checkPromptLine('command', 'columns', COMMAND_LINE)).toMatchObject({ ok: false, error: expect.stringMatching(/^usage: :columns FIELD/) });
  });

  it(':sort completes field names as :columns does, the minus of -FIELD kept (issue 34)', () => {
    const sortFields = ['userID', 'nickname', 'createTime', 'appMangerLevel'];
    expect(promptCompletions('command', 'sort c', sources({ sortFields }))).toEqual(['sort createTime']);
    expect(promptCompletions('command', 'sort -c', sources({ sortFields }))).toEqual(['sort -createTime']);
    expect(promptCompletions('command', 'sort ', sources({ sortFields }))).toEqual(sortFields.map((f) => `sort ${f}`));
  });

  it("the sort's fields are the columns' fields, then the rest of the page's rows' fields", () => {
    const rows = [{ userID: 'u1', nickname: 'A', faceURL: '', ex: '', createTime: 1, appMangerLevel: 1, globalRecvMsgOpt: 0, extra: 1 }];
    const fields = sourcesFor([], { kind: 'users', rows } as unknown as ListState, () => []).sortFields!;
    expect(fields.slice(0, 2)).toEqual(['userID', 'nickname']);
    expect(fields).toContain('extra');
    expect(new Set(fields).size).toBe(fields.length);
  });

  it(':user completes from recent users, in their order', () => {
    expect(promptCompletions('command', 'user us', sources())).toEqual(['user user_000003', 'user user_000001']);
    expect(promptCompletions('command', 'user ', sources())).toEqual(['user user_000003', 'user user_000001', 'user admin_7']);
  });

  it('when no ID starts with the text, IDs that contain it are offered', () => {
    expect(promptCompletions('command', 'user 0001', sources())).toEqual(['user user_000001']);
  });

  it(':profile completes from the config file names, sorted; :page and the rest complete nothing', () => {
    expect(promptCompletions('command', 'profile ', sources())).toEqual(['profile lab', 'profile prod-eu', 'profile staging']);
    expect(promptCompletions('command', 'profile st', sources())).toEqual(['profile staging']);
    expect(promptCompletions('command', 'pro p', sources())).toEqual(['pro prod-eu']);
    expect(promptCompletions('command', 'page ', sources())).toEqual([]);
    expect(promptCompletions('command', 'users x', sources())).toEqual([]);
  });

  it('reads the profile names only when :profile is completed', () => {
    let reads = 0;
    const counting = sources({ profiles: () => (reads++, ['lab']) });
    promptCompletions('command', 'user ', counting);
    promptCompletions('command', 'pa', counting);
    expect(reads).toBe(0);
    promptCompletions('command', 'profile ', counting);
    expect(reads).toBe(1);
  });
});

describe('the other prompts', () => {
  it('the user picker completes from recent users', () => {
    expect(promptCompletions('user', 'user_000', sources())).toEqual(['user_000003', 'user_000001']);
    expect(promptCompletions('user', '', sources())).toEqual(['user_000003', 'user_000001', 'admin_7']);
  });

  it('conversation IDs complete the last item of the list, without repeating listed IDs', () => {
    expect(promptCompletions('ids', 'si_', sources())).toEqual(['si_user_000001_user_000002', 'si_user_000001_user_000005']);
    expect(promptCompletions('ids', 'si_user_000001_user_000002, si', sources())).toEqual([
      'si_user_000001_user_000002, si_user_000001_user_000005',
    ]);
  });

  it('the filter and the search complete from what the rows show', () => {
    expect(promptCompletions('filter', 'sg', sources())).toEqual(['sg_group_9']);
    expect(promptCompletions('search', 'group', sources())).toEqual(['sg_group_9']);
  });

  it('rowWords takes IDs and names from the rows, leaving out what a prompt could not hold', () => {
    const users = [{ userID: 'u1', nickname: 'Ann' }, { userID: 'u2', nickname: '\u001b[31mred' }] as User[];
    expect(rowWords('users', users)).toEqual(['u1', 'Ann', 'u2']);
    expect(rowWords('accounts', [{ userID: 'n1', nickName: 'System Notice' }] as NotificationAccount[])).toEqual(['n1', 'System Notice']);
    expect(rowWords('conversations', [{ conversationID: 'si_a_b' }] as Conversation[])).toEqual(['si_a_b']);
  });
});

describe('what Enter refuses', () => {
  it('a user ID is trimmed; whitespace inside, control and invisible characters are refused in one line', () => {
    expect(checkPromptLine('user', '  user_000001 ')).toEqual({ ok: true, value: 'user_000001' });
    expect(checkPromptLine('user', 'user_000001 jjj')).toEqual({
      ok: false,
      error: 'refused: a user ID cannot have a space after "user_000001"',
    });
    const invisible = checkPromptLine('user', 'user_0\u200b01');
    expect(invisible.ok === false && invisible.error).toBe('refused: a user ID cannot have an invisible U+200B after "user_0"');
    const nbsp = checkPromptLine('user', 'user\u00a001');
    expect(nbsp.ok === false && nbsp.error).toBe('refused: a user ID cannot have whitespace U+00A0 after "user"');
    // At the end too: trimmed away, `user_a` + NBSP (another user's ID) opened user_a.
    const trailing = checkPromptLine('user', 'user_a\u00a0 ');
    expect(trailing.ok === false && trailing.error).toBe('refused: a user ID cannot have whitespace U+00A0 after "user_a"');
    expect(checkPromptLine('user', '\tuser_a\r\n')).toEqual({ ok: true, value: 'user_a' });
    for (const error of [invisible, nbsp, trailing]) expect(error.ok === false && error.error).not.toMatch(/\n/);
  });

  it(':user refuses the same IDs; other commands parse as before', () => {
    expect(checkPromptLine('command', 'user user_000001 jjj', COMMAND_LINE)).toMatchObject({ ok: false, error: expect.stringMatching(/cannot have a space/) });
    expect(checkPromptLine('command', 'user  user_000001 ', COMMAND_LINE)).toEqual({ ok: true, value: 'user  user_000001' });
    expect(checkPromptLine('command', 'frob', COMMAND_LINE)).toMatchObject({ ok: false, error: expect.stringMatching(/unknown command/) });
  });

  it('a nickname may have spaces but nothing invisible; conversation IDs are checked one by one', () => {
    expect(checkPromptLine('search', ' System Notice ')).toEqual({ ok: true, value: 'System Notice' });
    expect(checkPromptLine('search', 'a\u202eb')).toMatchObject({ ok: false });
    expect(checkPromptLine('search', '👨\u200d👩\u200d👧')).toMatchObject({ ok: true });
    expect(checkPromptLine('ids', 'si_a, si_b')).toEqual({ ok: true, value: 'si_a, si_b' });
    expect(checkPromptLine('ids', 'si_a,si_\u200bb')).toMatchObject({
      ok: false,
      error: 'refused: a conversation ID cannot have an invisible U+200B after "si_"',
    });
    expect(checkPromptLine('filter', 'x\u200by')).toMatchObject({ ok: false });
  });

  it('an empty line is no error: Enter just closes the prompt', () => {
    for (const kind of ['user', 'command', 'search', 'ids', 'filter'] as const) {
      expect(checkPromptLine(kind, '  ')).toEqual({ ok: true, value: '' });
    }
  });
});

describe('the user picker leads to the search (issue 34)', () => {
  it('a name where an ID goes is refused, naming the search key in force', () => {
    expect(checkPromptLine('user', 'Karen Wright', COMMAND_LINE, 's')).toEqual({ ok: false, error: 'refused: a user ID cannot have spaces; s on Users finds users by name' });
    expect(checkPromptLine('user', 'Karen Wright', COMMAND_LINE, 'S')).toMatchObject({ error: expect.stringContaining('; S on Users finds users by name') });
    // The search unbound: the refusal as before, naming where the space is.
    expect(checkPromptLine('user', 'Karen Wright', COMMAND_LINE)).toMatchObject({ error: 'refused: a user ID cannot have a space after "Karen"' });
    // An invisible character is a paste's, not a name's: no offer.
    expect(checkPromptLine('user', 'user_1\u200b', COMMAND_LINE, 's')).toMatchObject({ error: expect.not.stringContaining('finds users') });
  });
});

