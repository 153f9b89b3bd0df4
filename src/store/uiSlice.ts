// The modes around the lists: the prompt, help, the detail pane, the status line's flash, the
// `:` command line, Esc, and quitting.
import type { StateCreator } from 'zustand/vanilla';
import { parseCommand } from './commands.js';
import type { SliceTools } from './tools.js';
import { selectedRow } from './selectors.js';
import type { AppState } from './types.js';
import type { AppActions, UiActions } from './actions.js';


type UiState = Pick<AppState, 'prompt' | 'help' | 'helpScroll' | 'detail' | 'flash'>;

export const uiSlice =
  (tools: SliceTools): StateCreator<AppState & AppActions, [], [], UiState & UiActions> =>
  (set, get) => {
    const { current, patchList, flash } = tools;

    return {
      prompt: null,
      help: false,
      helpScroll: 0,
      detail: { open: false, scroll: 0 },
      flash: null,

      openPrompt(kind, value) {
        const list = current();
        const initial =
          value ??
          (kind === 'search'
            ? (list?.query.keyword ?? '')
            : kind === 'conversations'
              ? (list?.query.conversationIDs.join(',') ?? '')
              : kind === 'filter'
                ? (list?.filter ?? '')
                : '');
        set({ prompt: { kind, value: initial }, help: false });
      },
      setPromptValue(value) {
        const prompt = get().prompt;
        if (!prompt) return;
        set({ prompt: { ...prompt, value } });
        const list = current();
        // The page filter narrows as you type; the others apply on Enter.
        if (prompt.kind === 'filter' && list) patchList(list.key, { filter: value, cursor: 0 });
      },
      submitPrompt() {
        const prompt = get().prompt;
        if (!prompt) return;
        set({ prompt: null });
        const list = current();
        const value = prompt.value.trim();
        switch (prompt.kind) {
          case 'command':
            return get().runCommand(value);
          case 'user':
            if (value) get().openUser(value);
            return;
          case 'search':
            if (list?.kind === 'accounts') get().setQuery({ keyword: value });
            return;
          case 'conversations':
            if (list?.kind === 'conversations') get().setQuery({ conversationIDs: value.split(/[\s,]+/).filter(Boolean) });
            return;
          case 'filter':
            return;
        }
      },
      cancelPrompt() {
        const prompt = get().prompt;
        set({ prompt: null });
        const list = current();
        if (prompt?.kind === 'filter' && list) patchList(list.key, { filter: '', cursor: 0 });
      },
      toggleHelp() {
        set((s) => ({ help: !s.help, helpScroll: 0 }));
      },
      scrollHelp(line) {
        set({ helpScroll: Math.max(0, Math.floor(line)) });
      },
      toggleDetail() {
        const open = !get().detail.open;
        if (open && !selectedRow(get())) return;
        set({ detail: { open, scroll: 0 } });
      },
      scrollDetail(delta) {
        set((s) => ({ detail: { ...s.detail, scroll: Math.max(0, s.detail.scroll + delta) } }));
      },
      escape() {
        const state = get();
        const list = current();
        if (state.prompt) return state.cancelPrompt();
        if (state.exporting) return state.cancelExport();
        if (state.help) return set({ help: false });
        if (list && list.filter) return patchList(list.key, { filter: '', cursor: 0 });
        if (state.detail.open) return set({ detail: { open: false, scroll: 0 } });
        if (list && list.kind === 'accounts' && list.query.keyword) return state.setQuery({ keyword: '' });
        if (list && list.kind === 'conversations' && list.query.conversationIDs.length > 0) {
          return state.setQuery({ conversationIDs: [] });
        }
        state.back();
      },
      flashInfo(text) {
        flash(text, 'info');
      },
      runCommand(line) {
        // A command's answer replaces the last one's: a `usage:` never outlives a good command.
        tools.clearFlash();
        const parsed = parseCommand(line);
        if (!parsed.ok) return flash(parsed.error, 'error');
        const command = parsed.command;
        switch (command.name) {
          case 'users':
          case 'accounts':
            return get().goTo(command.name);
          case 'user':
            return get().openUser(command.userID);
          case 'page':
            return get().goToPage(command.page);
          case 'help':
            return set({ help: true, helpScroll: 0 });
          case 'quit':
            return get().quit();
          case 'profile': {
            const switchProfile = tools.deps.switchProfile;
            const error = switchProfile ? switchProfile(command.profile) : 'no profiles are configured';
            if (error) flash(error, 'error');
            return;
          }
        }
      },
      quit() {
        get().cancelExport();
        tools.scheduler.cancelAll();
        tools.deps.quit?.();
      },
    };
  };
