// The keys of an open prompt (u, :, /, s, c, an export's name) and the answers to a question:
// rows of the one bindings table (bindings.ts spreads them in), in the `prompt` and `question`
// scopes, so dispatch, help, the Keys table (docs/keys.md) and the config file's `keys` treat them as any
// other action. Each editing row's action is the line editor's edit of that name
// (store/lineEditor.ts knows edits, not keys); Enter and Esc are the prompt's own two. A
// printable character that no row binds is typed.
import type { AppActions } from '../store/actions.js';
import type { LineEdit } from '../store/lineEditor.js';
import type { AppState } from '../store/types.js';
import type { BindingSpec, KeyContext } from './binding.js';

const edit = <E extends LineEdit>(action: E, keys: readonly string[], description: string) =>
  ({
    action,
    keys,
    description,
    scope: 'prompt',
    run: (c: KeyContext) => c.store.getState().editPrompt({ edit: action }),
  }) as const;

/** The answer to the question asked: the export's size question is a prompt; cancelling one is not. */
function answer(s: AppState & AppActions, yes: boolean): void {
  if (s.prompt?.kind === 'exportConfirm') return yes ? s.submitPrompt() : s.cancelPrompt();
  if (s.exporting?.cancelAsked) return yes ? s.cancelExport() : s.keepExporting();
}

export const PROMPT_BINDINGS = [
  edit('charLeft', ['left', 'ctrl+b'], 'a character left'),
  edit('charRight', ['right', 'ctrl+f'], 'a character right'),
  edit('lineStart', ['home', 'ctrl+a'], 'start of the line'),
  edit('lineEnd', ['end', 'ctrl+e'], 'end of the line'),
  edit('wordLeft', ['alt+b'], 'a word left (letters, digits and _ make a word)'),
  edit('wordRight', ['alt+f'], 'a word right'),
  edit('deleteBack', ['backspace'], 'delete before the cursor'),
  edit('deleteHere', ['delete', 'ctrl+d'], 'delete under the cursor'),
  edit('killToStart', ['ctrl+u'], 'delete to the start'),
  edit('killToEnd', ['ctrl+k'], 'delete to the end'),
  edit('killToSpace', ['ctrl+w'], 'delete back to a space or a comma'),
  edit('killWordBack', ['alt+backspace'], 'delete the word before the cursor'),
  edit('killWordAhead', ['alt+d'], 'delete the word after the cursor'),
  edit('yank', ['ctrl+y'], 'put back what was deleted last (kills in a row add up)'),
  edit('historyBack', ['up', 'ctrl+p'], "this prompt's history, older"),
  edit('historyAhead', ['down', 'ctrl+n'], "this prompt's history, newer"),
  edit('completeNext', ['tab'], 'complete; again for the next candidate'),
  edit('completeBack', ['shift+tab'], 'the previous candidate'),
  {
    action: 'promptAccept',
    keys: ['enter'],
    description: 'apply what was typed (run, open, search, start the export)',
    scope: 'prompt',
    run: (c) => c.store.getState().submitPrompt(),
  },
  { action: 'promptCancel', keys: ['escape'], description: 'close the prompt', scope: 'prompt', run: (c) => c.store.getState().cancelPrompt() },
  {
    action: 'answerYes',
    atOnce: true,
    keys: ['y'],
    description: "yes: start an export over 100,000 rows (as the prompt's accept does), or cancel the running one",
    scope: 'question',
    run: (c) => answer(c.store.getState(), true),
  },
  {
    action: 'answerNo',
    atOnce: true,
    keys: ['n'],
    description: "no: drop the large export (as the prompt's cancel does), or keep exporting",
    scope: 'question',
    run: (c) => answer(c.store.getState(), false),
  },
] as const satisfies readonly BindingSpec[];
