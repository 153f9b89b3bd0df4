// A compiled terminfo entry read as every local file is (localFile.ts): TERMINFO, ~/.terminfo and
// TERMINFO_DIRS name folders anyone may have put anything in, and the entry is read at every
// explorer start. A FIFO there hung the start for ever (a plain read waits for a writer), a link
// to /dev/zero grew the process to 1.85 GB in 6 s. Opened O_NONBLOCK, a regular file only, at most
// ncurses' own limit: a refused entry is one not found, and the next folder is looked in.
import { readLocalFile } from './localFile.js';

/** ncurses' largest entry (MAX_ENTRY_SIZE, the extended format's): it reads no larger one either. */
const MAX_ENTRY_BYTES = 32 * 1024;

/** The entry's bytes; throws (a LocalFileError) for anything but a regular file of at most 32 KB. */
export function readTerminfoFile(path: string): Buffer {
  return readLocalFile(path, { maxBytes: MAX_ENTRY_BYTES, what: 'the terminfo entry' }).bytes;
}
