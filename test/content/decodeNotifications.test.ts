// Notification content types: the tips JSON inside a string inside JSON (contract §6.2).
import { describe, it } from 'vitest';
import { check, NOTIFICATIONS } from './decodeCases.js';

describe('decodeContent: notifications', () => {
  it.each(NOTIFICATIONS)('$name', (c) => {
    check({ notes: [], ...c });
  });
});
