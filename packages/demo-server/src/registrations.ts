// When the data set's users registered: a density over the world's UTC days that a user's index
// is spread over, so that creation times still grow with the index (stats-model.ts finds a day's
// users by bisection) while the days show what a real server's do: weekdays busier than weekends,
// growth over the years, one spike day (a campaign) in the default pulse window, and sign-ups
// running up to the world's now (today included, up to now).
const DAY_MS = 86_400_000;

/** The first registration: the data set's first day, before which only the system accounts exist. */
export const REGISTRATION_START_MS = Date.UTC(2021, 2, 1);

/** getUTCDay() order, Sunday first: a weekend day gets under half a weekday's sign-ups. */
export const WEEKDAY_WEIGHT = [0.35, 1.1, 1, 1, 1, 0.9, 0.45] as const;
/** The spike: this many UTC days before the world's today, at this many times its neighbours. */
export const SPIKE = { daysBeforeToday: 6, factor: 6 } as const;
/** The oldest day weighs this much of the newest (linear growth in between). */
const GROWTH_FROM = 0.3;

interface Density {
  /** UTC day number of the first day. */
  firstDay: number;
  start: number;
  end: number;
  /** cumulative[k] = weight of the days before day k (clipped to [start, end)); one more entry than days. */
  cumulative: Float64Array;
}

const densities = new Map<number, Density>();

function dayWeight(day: number, firstDay: number, today: number): number {
  const weekday = WEEKDAY_WEIGHT[(((day + 4) % 7) + 7) % 7]!;
  const growth = GROWTH_FROM + (1 - GROWTH_FROM) * ((day - firstDay) / Math.max(1, today - firstDay));
  return weekday * growth * (day === today - SPIKE.daysBeforeToday ? SPIKE.factor : 1);
}

/** The cumulative weights of a world whose data set starts at `start` and runs to `end` (its now). */
function densityFor(start: number, end: number): Density {
  const cached = densities.get(end);
  if (cached && cached.start === start) return cached;
  const firstDay = Math.floor(start / DAY_MS);
  const today = Math.floor((end - 1) / DAY_MS);
  const cumulative = new Float64Array(today - firstDay + 2);
  for (let day = firstDay; day <= today; day++) {
    const from = Math.max(start, day * DAY_MS);
    const to = Math.min(end, (day + 1) * DAY_MS);
    const k = day - firstDay;
    cumulative[k + 1] = cumulative[k]! + (dayWeight(day, firstDay, today) * Math.max(0, to - from)) / DAY_MS;
  }
  const density = { firstDay, start, end, cumulative };
  // A handful of worlds per process (tests start many at one or two nows).
  if (densities.size > 16) densities.clear();
  densities.set(end, density);
  return density;
}

/**
 * The registration time of the slot `(index − 1 + u) / population` of the world's sign-ups:
 * the inverse of the cumulative density, so a larger index (or a larger u) never registers earlier.
 */
export function registrationAt(start: number, end: number, index: number, population: number, u: number): number {
  const { firstDay, cumulative } = densityFor(start, end);
  const days = cumulative.length - 1;
  const target = ((index - 1 + u) / Math.max(population, 1)) * cumulative[days]!;
  let lo = 0;
  let hi = days - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (cumulative[mid]! <= target) lo = mid;
    else hi = mid - 1;
  }
  const from = Math.max(start, (firstDay + lo) * DAY_MS);
  const to = Math.min(end, (firstDay + lo + 1) * DAY_MS);
  const weight = cumulative[lo + 1]! - cumulative[lo]!;
  const within = weight > 0 ? (target - cumulative[lo]!) / weight : 0;
  return Math.min(end - 1, Math.floor(from + within * (to - from)));
}
