// The prompt bar's transitions, between the line editor and the store: what a key or a paste does
// to the prompt, what Tab offers, and whether Enter may use what was typed.
import type { CommandLine } from './commandLine.js';
import { promptCompletions, type CompletionSources } from './completion.js';
import { checkID, checkText, findByNameNote, type Checked } from './ids.js';
import { editLine, newLine, pasteIntoLine, typeIntoLine } from './lineEditor.js';
import type { AppState, Prompt, PromptInput, PromptKind } from './types.js';

/** Lines of history kept per prompt for the session. */
const HISTORY_LIMIT = 50;

/** `selected`: the text is what is in force (the list's query), which the first key typed replaces. */
export function openedPrompt(kind: PromptKind, text: string, killRing: string, sources: CompletionSources, selected = false): Prompt {
  const line = newLine(text, killRing, selected);
  return { kind, line, candidates: promptCompletions(kind, line.text, sources), note: null };
}

export interface PromptStep {
  prompt: Prompt;
  /** Enter arrived inside pasted text: the store submits the line. */
  submit: boolean;
}

export function promptAfterInput(
  prompt: Prompt,
  input: PromptInput,
  history: readonly string[],
  sources: CompletionSources,
): PromptStep {
  const ctx = { history, complete: (text: string) => promptCompletions(prompt.kind, text, sources) };
  const result =
    typeof input === 'string'
      ? typeIntoLine(prompt.line, input)
      : 'edit' in input
        ? editLine(prompt.line, input.edit, ctx)
        : pasteIntoLine(prompt.line, input.text, input.bracketed);
  const line = result.line;
  // While Tab cycles the list stays as it was; otherwise it follows the text.
  const unchanged = line.completion !== null || (line.text === prompt.line.text && prompt.line.completion === null);
  const candidates = unchanged ? prompt.candidates : promptCompletions(prompt.kind, line.text, sources);
  return {
    prompt: { ...prompt, line, candidates, note: result.note ? { text: result.note, level: 'info' } : null },
    submit: result.submit,
  };
}

/** Whether Enter may use the line: IDs without whitespace, nothing invisible. An empty line just closes. */
export function checkPromptLine(kind: PromptKind, text: string, commands?: CommandLine, searchKey?: string): Checked {
  if (text.trim() === '') return { ok: true, value: '' };
  switch (kind) {
    case 'user': {
      const checked = checkID(text, 'user ID');
      // A space: a name typed where an ID goes (`Karen Wright`), which the search finds. Said short
      // so that the key to press fits an 80-column line.
      if (!checked.ok && searchKey !== undefined && /\s/u.test(text.trim())) {
        return { ok: false, error: `refused: a user ID cannot have spaces${findByNameNote(searchKey)}` };
      }
      return checked;
    }
    case 'command': {
      const problem = commands ? commands.problem(text) : 'no commands here';
      return problem === undefined ? { ok: true, value: text.trim() } : { ok: false, error: problem };
    }
    case 'search':
      return checkText(text, 'keyword');
    case 'filter':
      return checkText(text, 'filter');
    case 'detailSearch':
      return checkText(text, 'search');
    case 'export':
      return checkText(text, 'file name');
    case 'exportConfirm':
      return { ok: true, value: '' };
    case 'ids': {
      for (const id of text.split(/[\s,]+/).filter(Boolean)) {
        const checked = checkID(id, 'conversation ID');
        if (!checked.ok) return checked;
      }
      return { ok: true, value: text.trim() };
    }
  }
}

/**
 * The user picker's history: the IDs typed this session (a refused one too, to fix it), then the
 * recent users the server answered for (kept between runs).
 */
export function userPickerHistory(state: Pick<AppState, 'promptHistory' | 'recentUsers'>): string[] {
  const typed = state.promptHistory.user ?? [];
  return [...typed, ...state.recentUsers.filter((id) => !typed.includes(id))];
}

/** The histories with `entry` as the newest line of this prompt's (the user picker's is the recent users). */
export function withHistory(all: AppState['promptHistory'], kind: PromptKind, entry: string): AppState['promptHistory'] {
  if (entry === '') return all;
  return { ...all, [kind]: [entry, ...(all[kind] ?? []).filter((h) => h !== entry)].slice(0, HISTORY_LIMIT) };
}
