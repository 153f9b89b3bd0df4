// System accounts: the level-3 notification accounts, two level-4 robots and the built-in admin
// (level 3 on the release; level 2 named superAdmin on main, its imAdminUser config: contract §10).
// Small and fixed, so they live in a plain array (the real server pages them in memory too).
import type { ServerGeneration } from './generation.js';
import type { World } from './users.js';

export interface SystemAccount {
  userID: string;
  nickname: string;
  faceURL: string;
  level: 2 | 3 | 4;
}

const face = (name: string): string => `https://static.example.com/system/${name}.png`;

export const NOTIFICATION_ACCOUNTS: readonly SystemAccount[] = [
  { userID: 'notify_system', nickname: 'System Notice', faceURL: face('system'), level: 3 },
  { userID: 'notify_security', nickname: 'Security Center', faceURL: face('security'), level: 3 },
  { userID: 'notify_billing', nickname: 'Billing & Payments', faceURL: face('billing'), level: 3 },
  { userID: 'notify_ops', nickname: '运维通知', faceURL: face('ops'), level: 3 },
  { userID: 'notify_marketing', nickname: '📣 Promotions', faceURL: '', level: 3 },
  { userID: 'notify_hr', nickname: 'HR 人事部', faceURL: face('hr'), level: 3 },
  { userID: 'notify_it', nickname: 'IT Helpdesk', faceURL: face('it'), level: 3 },
  { userID: 'notify_weather', nickname: '天気予報', faceURL: '', level: 3 },
  { userID: 'notify_events', nickname: 'Events 🎉', faceURL: face('events'), level: 3 },
  { userID: 'notify_updates', nickname: 'App Updates', faceURL: face('updates'), level: 3 },
  { userID: 'notify_survey', nickname: 'Surveys', faceURL: '', level: 3 },
  // Same nickname as notify_system on purpose: an exact-nickname search returns both.
  { userID: 'notify_legacy', nickname: 'System Notice', faceURL: '', level: 3 },
];

export const ROBOT_ACCOUNTS: readonly SystemAccount[] = [
  { userID: 'robot_helper', nickname: 'Helper Bot', faceURL: face('helper'), level: 4 },
  { userID: 'robot_translate', nickname: '翻译机器人', faceURL: '', level: 4 },
];

/** Every stored account above level 1, as the user table would hold them. */
export function systemUsers(world: World, generation: ServerGeneration): SystemAccount[] {
  const admin: SystemAccount =
    generation === 'main' ? { userID: world.adminUserID, nickname: 'superAdmin', faceURL: '', level: 2 } : { userID: world.adminUserID, nickname: world.adminUserID, faceURL: '', level: 3 };
  // A custom admin ID could collide with a fixed account; the admin record wins.
  const others = [...NOTIFICATION_ACCOUNTS, ...ROBOT_ACCOUNTS].filter((a) => a.userID !== world.adminUserID);
  return [admin, ...others];
}
