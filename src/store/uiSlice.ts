// The modes around the lists: the prompt, help, the detail pane, the status line's flash and its
// log, the `:` command line, Esc (through overlays.ts), and quitting.
import type { StateCreator } from 'zustand/vanilla';
import { sourcesFor, type CompletionSources } from './completion.js';
import { checkPromptLine, openedPrompt, promptAfterInput, userPickerHistory, withHistory } from './prompt.js';
import type { SliceServices } from './services.js';
import { CLOSED_DETAIL, openedDetail } from './detailState.js';
import { NO_ROW } from './flash.js';
import { frontOverlay } from './overlays.js';
import { selectedRow } from './selectors.js';
import type { AppState } from './types.js';
import type { AppActions, UiActions } from './actions.js';
import { chosenKeys, toggleColumn } from '../lists/columnChoice.js';
import { LIST_KINDS } from '../lists/names.js';
import { listDef } from '../lists/registry.js';
import type { ListKind } from '../lists/names.js';


type UiState = Pick<
  AppState,
  'prompt' | 'promptHistory' | 'killRing' | 'help' | 'helpScroll' | 'detail' | 'flash' | 'messageLog' | 'log' | 'typedAhead' | 'columnKeys'
>;

export const uiSlice =
  (services: SliceServices): StateCreator<AppState & AppActions, [], [], UiState & UiActions> =>
  (set, get, api) => {
    const { current, patchList, flash } = services;
    const commandLine = services.deps.commandLine;
    const completionSources = (): CompletionSources =>
      sourcesFor(get().recentUsers, current(), () => services.deps.profileNames?.() ?? [], commandLine);

    return {
      prompt: null,
      promptHistory: {},
      killRing: '',
      help: false,
      helpScroll: 0,
      detail: CLOSED_DETAIL,
      flash: null,
      messageLog: [],
      log: null,
      typedAhead: 0,
      columnKeys: Object.fromEntries(
        LIST_KINDS.flatMap((kind) => {
          const keys = chosenKeys(kind, services.deps.columns?.[kind]);
          return keys ? [[kind, keys]] : [];
        }),
      ) as Partial<Record<ListKind, readonly string[]>>,

      openPrompt(kind, value) {
        const list = current();
        const listPrompt = list && listDef(list.kind).query.prompt;
        const initial =
          value ??
          (listPrompt?.kind === kind && list
            ? listPrompt.text(list.query)
            : kind === 'filter'
              ? (list?.filter ?? '')
              : '');
        set({ prompt: openedPrompt(kind, initial, get().killRing, completionSources()), help: false, log: null });
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
      toggleHelp() {
        set((s) => ({ help: !s.help, helpScroll: 0, log: null }));
      },
      openHelp() {
        set({ help: true, helpScroll: 0, log: null });
      },
      scrollHelp(line) {
        set({ helpScroll: Math.max(0, Math.floor(line)) });
      },
      toggleDetail(full = false) {
        const open = !get().detail.open;
        if (open && !selectedRow(get())) return flash(NO_ROW, 'info');
        set({ detail: open ? openedDetail(full) : CLOSED_DETAIL });
      },
      toggleDetailFull() {
        const detail = get().detail;
        if (detail.open) set({ detail: { ...detail, full: !detail.full } });
      },
      patchDetail(patch) {
        set((s) => ({ detail: { ...s.detail, ...patch } }));
      },
      scrollDetail(delta) {
        set((s) => ({ detail: { ...s.detail, scroll: Math.max(0, s.detail.scroll + delta) } }));
      },
      escape() {
        // The innermost thing in front of the operator closes (overlays.ts), else the screen.
        const front = frontOverlay(get());
        if (front) front.escape(get());
        else get().back();
      },
      clearFilter() {
        const list = current();
        if (list?.filter) patchList(list.key, { filter: '', cursor: 0 });
      },
      openLog() {
        if (get().messageLog.length === 0) return flash('no messages yet', 'info');
        set({ log: { scroll: 0 }, help: false });
      },
      closeLog() {
        set({ log: null });
      },
      scrollLog(by) {
        const log = get().log;
        if (!log) return;
        const last = Math.max(0, get().messageLog.length - 1);
        const scroll = by === 'top' ? 0 : by === 'bottom' ? last : Math.max(0, Math.min(last, log.scroll + by));
        set({ log: { scroll } });
      },
      dismissMessage() {
        services.clearFlash();
      },
      setTypedAhead(count) {
        if (get().typedAhead !== count) set({ typedAhead: count });
      },
      flashInfo(text) {
        flash(text, 'info');
      },
      runCommand(line) {
        // A command's answer replaces the last one's: a `usage:` never outlives a good command.
        services.clearFlash();
        const problem = commandLine ? commandLine.run(line, api) : 'no commands here';
        if (problem !== undefined) flash(problem, 'error');
      },
      switchProfile(name) {
        const switchProfile = services.deps.switchProfile;
        const error = switchProfile ? switchProfile(name) : 'no profiles are configured';
        if (error) flash(error, 'error');
      },
      toggleColumn(field) {
        const list = current();
        if (!list) return;
        const result = toggleColumn(list.kind, get().columnKeys[list.kind], field);
        if ('error' in result) return flash(result.error, 'error');
        const shown = result.keys.length > (get().columnKeys[list.kind]?.length ?? Infinity);
        set((s) => ({ columnKeys: { ...s.columnKeys, [list.kind]: result.keys } }));
        flash(`${shown ? 'showing' : 'hiding'} ${field} (this session)`, 'info');
      },
      quit() {
        get().cancelExport();
        get().stopLive();
        services.scheduler.cancelAll();
        services.deps.quit?.();
      },
    };
  };
