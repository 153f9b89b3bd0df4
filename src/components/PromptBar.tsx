// The one-line input for `:` commands, the user picker, keyword search, conversation IDs and the
// page filter, drawn in the key hints' line (layout/frame.ts: a prompt takes no table row). How it
// works (a hint) follows the typed text in the cells it leaves. What the operator's last key
// caused, a refusal or note and the candidates being cycled, needs a whole line: `PromptNote`
// draws it in the status line's place for as long as it stands.
// Keys reach the line editor through the store (keys/dispatch.ts -> editPrompt); this only draws.
import { Box, Text } from 'ink';
import { formatBytes, formatCount } from '../content/format.js';
import { currentList } from '../store/selectors.js';
import type { AppState, Prompt, PromptKind } from '../store/types.js';
import type { KeysInForce } from '../keys/keymap.js';
import { useKeys } from './SessionContext.js';
import { listDef } from '../lists/registry.js';
import type { ListQueryPrompt } from '../lists/types.js';
import { glyphs } from '../terminal/glyphs.js';
import { displayText, settle } from '../terminal/settle.js';
import { idText } from '../terminal/sanitize.js';
import { displayWidth, truncate } from '../terminal/width.js';
import { candidateCells, candidateLabels, lineCells } from './promptView.js';
import { useAppStore } from './StoreContext.js';
import { tint, useTheme, type Theme } from './theme.js';

const LABELS: Record<PromptKind, string> = {
  command: ':',
  user: 'user ID: ',
  search: 'userID or nickname: ',
  ids: 'IDs: ',
  filter: '/',
  detailSearch: 'search the detail: ',
  export: 'export to: ',
  exportConfirm: 'export this list? ',
};
/** Between the typed text and what follows it on the line. */
const GAP = '   ';

/** The list's own prompt, when this prompt is it (lists/<list>.ts `query.prompt`): its label and hint. */
const listPromptOf = (s: AppState): ListQueryPrompt | undefined => {
  const list = currentList(s);
  const own = list && listDef(list.kind).query.prompt;
  return own && s.prompt?.kind === own.kind ? own : undefined;
};


export function PromptBar({ width }: { width: number }): React.JSX.Element | null {
  const theme = useTheme();
  const prompt = useAppStore((s) => s.prompt);
  const recentUsers = useAppStore((s) => s.recentUsers);
  const listPrompt = useAppStore(listPromptOf);
  const ask = useAppStore((s) => s.exporting?.ask);
  if (!prompt) return null;
  // The size question has nothing to type: it may take the line.
  const label =
    prompt.kind === 'exportConfirm' && ask
      ? truncate(`export ${formatCount(ask.rows)} rows, about ${formatBytes(ask.bytes)}? `, width - 1)
      : truncate(listPrompt?.label ?? LABELS[prompt.kind], Math.floor(width / 2));
  const room = width - displayWidth(label);
  const line = lineCells(prompt.line.text, prompt.line.cursor, room);
  // The hint, when no note or candidates take the line above (PromptNote).
  const after = hasNote(prompt) ? 0 : room - displayWidth(line.before + line.at + line.after) - GAP.length;
  return (
    <Box width={width}>
      <Text wrap="truncate">
        <Text bold {...tint(theme, 'cyan')}>
          {label}
        </Text>
        {/* Selected (the query in force, which typing replaces): inverse, as the cursor; not colour, so NO_COLOR shows it. */}
        <Text inverse={prompt.line.selected}>{line.before}</Text>
        {/* Inverse is not colour: the cursor shows under NO_COLOR too. */}
        <Text inverse>{line.at}</Text>
        {line.after}
        {after > 0 ? (
          <>
            {GAP}
            <UnderLine prompt={prompt} recentUsers={recentUsers} listPrompt={listPrompt} width={after} theme={theme} />
          </>
        ) : null}
      </Text>
    </Box>
  );
}

interface UnderLineProps {
  prompt: Prompt;
  /** Live: a user opened a moment ago arrives here after the picker opened. */
  recentUsers: readonly string[];
  /** `s` on the Users screen: a server-side search, literal unless re:. */
  listPrompt: ListQueryPrompt | undefined;
  width: number;
  theme: Theme;
}

/** A refusal or note, or candidates being cycled: the status line's place is theirs while they stand. */
export function hasNote(prompt: Prompt): boolean {
  return prompt.note !== null || Boolean(prompt.line.completion);
}

/** The note or the candidates, a whole line above the prompt's (App draws it for `hasNote`). */
export function PromptNote({ width }: { width: number }): React.JSX.Element | null {
  const theme = useTheme();
  const prompt = useAppStore((s) => s.prompt);
  const recentUsers = useAppStore((s) => s.recentUsers);
  const listPrompt = useAppStore(listPromptOf);
  if (!prompt || !hasNote(prompt)) return null;
  return (
    <Box width={width}>
      <UnderLine prompt={prompt} recentUsers={recentUsers} listPrompt={listPrompt} width={width} theme={theme} />
    </Box>
  );
}

/** A note, the candidates, or the hint, in `width` cells. */
function UnderLine({ prompt, recentUsers, listPrompt, width, theme }: UnderLineProps): React.JSX.Element {
  const keys = useKeys();
  const { keyName } = keys;
  if (prompt.note) {
    return (
      <Text wrap="truncate" {...(prompt.note.level === 'error' ? tint(theme, 'red') : tint(theme, 'gray'))}>
        {truncate(displayText(prompt.note.text), width)}
      </Text>
    );
  }
  const cycling = prompt.line.completion;
  if (cycling) {
    const hint = `  (${keyName('completeNext', 'prompt')} next ${glyphs().separator} ${keyName('completeBack', 'prompt')} back)`;
    const room = Math.max(0, width - displayWidth(hint));
    const cells = candidateCells(candidateLabels(prompt.kind, cycling.candidates), cycling.index, room);
    return (
      <Text wrap="truncate" {...tint(theme, 'gray')}>
        {cells.before}
        <Text inverse>{cells.current}</Text>
        {cells.after}
        {truncate(hint, width - room)}
      </Text>
    );
  }
  return (
    <Text wrap="truncate" {...tint(theme, 'gray')}>
      {truncate(listPrompt?.hint !== undefined && prompt.line.text.trim() === '' ? listPrompt.hint : hintFor(prompt, recentUsers, keys), width)}
    </Text>
  );
}

/** Before the completion key: what it would offer, or how the prompt works, naming the keys in force. */
function hintFor(prompt: Prompt, recentUsers: readonly string[], { keyName }: KeysInForce): string {
  const sep = glyphs().separator;
  const labels = candidateLabels(prompt.kind, prompt.candidates);
  const accept = keyName('promptAccept', 'prompt');
  const cancel = `${keyName('promptCancel', 'prompt')} to cancel`;
  const complete = `(${keyName('completeNext', 'prompt')} completes)`;
  // What Tab does comes first: at 80 columns a long offer (the command names) is cut at its end.
  const offer = `${complete}  ${labels.join('  ')}`;
  const typed = prompt.line.text.trim() !== '';
  // The query in force, selected: what a key does to it comes first.
  if (prompt.line.selected) return `typing replaces it ${sep} ${keyName('charLeft', 'prompt')} edits it ${sep} ${accept} keeps it`;
  switch (prompt.kind) {
    case 'command':
      return labels.length > 0 ? offer : `${accept} to run ${sep} ${cancel}`;
    case 'user':
      if (!typed) return recentUsers.length > 0 ? `recent: ${recentUsers.map((id) => settle(idText(id))).join('  ')}   ${complete}` : 'no recent users yet';
      return labels.length > 0 ? offer : `${accept} to open ${sep} ${cancel}`;
    case 'filter':
      return typed && labels.length > 0
        ? offer
        : `narrows the rows of this page as you type ${sep} ${accept} keeps it ${sep} ${keyName('promptCancel', 'prompt')} clears it`;
    case 'detailSearch':
      return `${accept} finds ${sep} then ${keyName('nextMatch', 'detail')}/${keyName('prevMatch', 'detail')} next/previous match ${sep} ${cancel}`;
    case 'search':
      return typed && labels.length > 0 ? offer : `exact match ${sep} empty: all ${sep} ${accept} to apply ${sep} ${cancel}`;
    case 'ids':
      return typed && labels.length > 0 ? offer : `comma separated ${sep} empty: all ${sep} ${accept} to apply ${sep} ${cancel}`;
    case 'export':
      return `${accept} starts ${sep} ${cancel} ${sep} ~/ is home`;
    case 'exportConfirm':
      return `${keyName('answerYes', 'question')} or ${accept} goes on ${sep} ${keyName('answerNo', 'question')} or ${keyName('promptCancel', 'prompt')} drops it`;
  }
}
