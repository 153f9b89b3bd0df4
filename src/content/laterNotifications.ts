// Notifications of later protocol versions: 1601-1605, the signaling and room-participant
// notifications (P:constant/rtc.go; whether one is ever a conversation's latest message is not
// known), and 1704 ConversationDeleteNotification (protocol v0.0.73-alpha.13 and later; main no
// longer sends it). Their bodies are read as the *Tips protos name their fields.
import type { Collector, Summarizer } from './collector.js';
import { compactJson } from './compact.js';
import { nameList } from './messages.js';
import { joinParts } from './text.js';
import { list, str, textOf } from './view.js';

export const LATER_PHRASES: Readonly<Record<number, string>> = {
  1601: 'Signaling',
  1602: 'Room participants connected',
  1603: 'Room participants disconnected',
  1604: 'Stream changed',
  1605: 'Custom signal',
  1704: 'Conversations deleted',
};

/** ConversationDeleteTips{userID, conversationIDs} (P:sdkws/sdkws.proto). */
const conversationDeleted: Summarizer = (body, out) => {
  const user = str(body, 'userID');
  const ids = list(body, 'conversationIDs')
    .map((id) => textOf(id))
    .filter((id): id is string => id !== undefined && id !== '');
  out.fact('User', user);
  out.fact('Conversations', ids.join(', '));
  return joinParts([LATER_PHRASES[1704], joinParts([user, nameList(ids)], ': ')], ': ');
};

/** No field is read with meaning: the name, and the detail as it came. */
function signaling(contentType: number): Summarizer {
  return (body, out: Collector) => {
    const detail = compactJson(body);
    out.fact('Detail', detail);
    return joinParts([LATER_PHRASES[contentType], detail], ': ');
  };
}

export function laterSummarizer(contentType: number): Summarizer | undefined {
  if (contentType >= 1601 && contentType <= 1605) return signaling(contentType);
  if (contentType === 1704) return conversationDeleted;
  return undefined;
}
