// Name pools for generated people and groups. The mix is deliberate: a terminal UI has to
// measure CJK as double width, emoji (including ZWJ sequences and flags), accents and RTL text.
import type { Rng } from './prng.js';

const FIRST = [
  'Alice', 'Bob', 'Carol', 'David', 'Emma', 'Frank', 'Grace', 'Henry', 'Isabel', 'Jack',
  'Karen', 'Liam', 'Mia', 'Noah', 'Olivia', 'Peter', 'Quinn', 'Rosa', 'Sam', 'Tina',
  'Uma', 'Victor', 'Wendy', 'Xavier', 'Yara', 'Zack', 'José', 'Zoë', 'Björn', 'Chloé',
] as const;

const LAST = [
  'Smith', 'Johnson', 'Brown', 'Taylor', 'Anderson', 'Thomas', 'Moore', 'Martin', 'Lee', 'Walker',
  'Hall', 'Young', 'King', 'Wright', 'Lopez', 'Hill', 'Scott', 'Green', 'Adams', 'Baker',
  'Álvarez', 'Ødegaard', 'Müller', "O'Brien", 'Nguyen', 'Kowalski',
] as const;

const CJK = [
  '张伟', '王芳', '李娜', '刘洋', '陈静', '杨磊', '赵敏', '黄晓明', '周杰', '吴婷',
  '徐丽', '孙浩', '马超', '朱琳', '胡军', '郭靖', '林小红', '何欢',
  '田中太郎', '佐藤花子', '鈴木一郎', '高橋美咲', '山本健', '김민준', '이서연', '박지훈',
] as const;

const EMOJI = [
  '🚀 Rocket', '🐱 Kitty', '🌸 Sakura', '🔥 Blaze', '🎧 DJ Nova', '👩‍💻 Dev Queen', '🇫🇷 Amélie',
  '⚽ Striker', '🍜 Ramen Lover', '🌈', '😀😀😀', '🦊 Fox',
] as const;

const OTHER_SCRIPTS = ['Иван Петров', 'Ольга', 'محمد علي', 'Νίκος', 'สมชาย', 'Ahmet Yılmaz', 'Đặng Thu Thảo'] as const;

const HANDLES = ['neo', 'pixel', 'shadow', 'lucky', 'coder', 'moonlight', 'tiger', 'zen', 'ghost', 'nova'] as const;

/** A plausible nickname; the same rng state always gives the same name. */
export function personName(rng: Rng): string {
  const roll = rng.next();
  if (roll < 0.5) return `${rng.pick(FIRST)} ${rng.pick(LAST)}`;
  if (roll < 0.6) return `${rng.pick(HANDLES)}${rng.between(1, 9999)}`;
  if (roll < 0.8) return rng.pick(CJK);
  if (roll < 0.9) return rng.pick(EMOJI);
  if (roll < 0.97) return rng.pick(OTHER_SCRIPTS);
  // Plain first names collide a lot, as real nicknames do.
  return rng.pick(FIRST);
}

const GROUP_WORDS = [
  'Project Phoenix', 'Release Train', 'Backend Team', 'Design Crit', '家庭群', '篮球周五', '同学会',
  'チーム開発', '🏀 Basketball Fridays', '☕ Coffee Break', 'Book Club 📚', 'Ops On-Call', 'R&D <core>',
  'Marketing EU', 'Sales APAC', 'Hiking Buddies', '🎮 Gamers', 'Parents of 3B', 'Landlord & Tenants',
] as const;

export function groupName(rng: Rng): string {
  const base = rng.pick(GROUP_WORDS);
  return rng.chance(0.4) ? `${base} ${rng.between(2, 99)}` : base;
}

const LOREM = [
  'ok', 'see you tomorrow', 'Did you see the latest build?', '好的，没问题', '明天见！', 'ありがとう',
  'Meeting moved to 3pm', 'lol 😂', 'Can you review my PR?', '👍', 'Where are we having lunch?',
  'The server is down again…', '收到', 'Happy birthday 🎂🎉', 'Call me when you can', 'R&D <sync> at 10',
  'I will send the file later', '这个周末有空吗？', 'Sounds good', 'Let me check and get back to you',
] as const;

export function chatLine(rng: Rng): string {
  return rng.pick(LOREM);
}
