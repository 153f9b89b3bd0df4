// The prompts: the one open prompt, each prompt's history and the kill ring; what Enter on each
// does (a list's query, the page filter, the user picker, an export's file, the detail's search)
// and the `:` line, run through the command table the store was given (commandLine.ts).
import type { StateCreator } from 'zustand/vanilla';
import { sourcesFor, type CompletionSources } from './completion.js';
import { checkPromptLine, openedPrompt, promptAfterInput, userPickerHistory, withHistory } from './prompt.js';
import type { SliceServices } from './services.js';
import type { AppState } from './types.js';
import type { AppActions, PromptActions } from './actions.js';
import { listDef } from '../lists/registry.js';

type PromptState = Pick<AppState, 'prompt' | 'promptHistory' | 'killRing'>;

export const promptSlice =
  (services: SliceServices): StateCreator<AppState & AppActions, [], [], PromptState & PromptActions> =>
  (set, get, api) => {
    const { current, patchList, flash } = services;
    const commandLine = services.deps.commandLine;
    const completionSources = (): CompletionSources =>
      sourcesFor(get().recentUsers, current(), () => services.deps.profileNames?.() ?? [], commandLine);

    return {
      prompt: null,
      promptHistory: {},
      killRing: '',

      openPrompt(kind, value) {
        const list = current();
        const listPrompt = list && listDef(list.kind).query.prompt;
        const fromQuery = value === undefined && listPrompt?.kind === kind && list !== undefined;
        const initial =
          value ??
          (fromQuery && list
            ? listPrompt.text(list.query)
            : kind === 'filter'
              ? (list?.filter ?? '')
              : '');
        // A list of IDs in force opens selected: typing replaces it, never appends to the old IDs.
        const selected = fromQuery && listPrompt.replaces === true;
        set({ prompt: openedPrompt(kind, initial, get().killRing, completionSources(), selected), help: false, log: null });
      },
      editPrompt(input) {
        const state = get();
        const prompt = state.prompt;
        if (!prompt) return;
        // The size question is answered (keys/promptKeys.ts: its answers, accept and cancel); nothing is typed.
        if (prompt.kind === 'exportConfirm') return;
        const history = prompt.kind === 'user' ? userPickerHistory(state) : (state.promptHistory[prompt.kind] ?? []);
        const step = promptAfterInput(prompt, input, history, completionSources());
        set({ prompt: step.prompt, killRing: step.prompt.line.killRing });
        const list = current();
        const value = step.prompt.line.text;
        // The page filter narrows as you type; the others apply on Enter.
        if (prompt.kind === 'filter' && list && value !== prompt.line.text) patchList(list.key, { filter: value, cursor: 0 });
        if (step.submit) {
          get().submitPrompt();
          // After the submit, whose own messages ("looking up …") must not hide what the paste lost.
          if (step.prompt.note) flash(step.prompt.note.text, 'info');
        }
      },
      submitPrompt() {
        const state = get();
        const prompt = state.prompt;
        if (!prompt) return;
        const checked = checkPromptLine(prompt.kind, prompt.line.text, commandLine, services.deps.searchKey?.());
        if (!checked.ok) return set({ prompt: { ...prompt, note: { text: checked.error, level: 'error' } } });
        // The list's own prompt may refuse its text in words (lists/<list>.ts `query.prompt.check`): nothing is sent.
        const listPrompt = current() && listDef(current()!.kind).query.prompt;
        const problem = listPrompt?.kind === prompt.kind ? listPrompt.check?.(checked.value) : undefined;
        if (problem !== undefined) return set({ prompt: { ...prompt, note: { text: problem, level: 'error' } } });
        const value = checked.value;
        if (prompt.kind === 'exportConfirm') return get().answerExport(true);
        const promptHistory = withHistory(state.promptHistory, prompt.kind, value);
        // The file name's prompt stays open, saying why, when the file cannot be made there.
        if (prompt.kind === 'export' && value) {
          const problem = get().startExport(value);
          return set(problem ? { promptHistory, prompt: { ...prompt, note: { text: problem, level: 'error' } } } : { promptHistory, prompt: null });
        }
        // The user picker stays open until the server says the user exists (pickUser.ts).
        if (prompt.kind === 'user' && value) {
          set({ promptHistory });
          return get().pickUser(value, true);
        }
        set({ prompt: null, promptHistory });
        const list = current();
        switch (prompt.kind) {
          case 'command':
            if (value) get().runCommand(value);
            return;
          case 'user':
            if (value) get().pickUser(value);
            return;
          case 'search':
          case 'ids':
            // The list's own prompt (lists/<list>.ts `query.prompt`): its answer is the list's query.
            if (list && listDef(list.kind).query.prompt?.kind === prompt.kind) get().narrow(value);
            return;
          case 'filter':
            if (list) patchList(list.key, { filter: value });
            return;
          case 'export':
            return;
          case 'detailSearch':
            // Where the matches are is the keys' to find (they know the detail's lines): -1 until then.
            set((s) => ({ detail: { ...s.detail, search: value ? { query: value, match: -1, count: 0, capped: false } : null } }));
            return;
        }
      },
      answerPrompt(kind, note) {
        const prompt = get().prompt;
        if (prompt?.kind !== kind) return;
        set({ prompt: note ? { ...prompt, note } : null });
      },
      cancelPrompt() {
        const prompt = get().prompt;
        set({ prompt: null });
        if (prompt?.kind === 'exportConfirm') get().answerExport(false);
        const list = current();
        if (prompt?.kind === 'filter' && list) patchList(list.key, { filter: '', cursor: 0 });
      },
      clearFilter() {
        const list = current();
        if (list?.filter) patchList(list.key, { filter: '', cursor: 0 });
      },
      runCommand(line) {
        // A command's answer replaces the last one's: a `usage:` never outlives a good command.
        services.clearFlash();
        const problem = commandLine ? commandLine.run(line, api) : 'no commands here';
        if (problem !== undefined) flash(problem, 'error');
      },
    };
  };
