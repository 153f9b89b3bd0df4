// An errno code (ENOSPC, EPIPE...) and its words, for a failed file or stream. Its own module, with
// no imports: the bin's own answers (--help, --version: commands/answer.ts) say a failed write in
// these words, and load nothing else for it (localFile.ts, which uses them too, loads node:crypto).
/** The words for an errno code from reading or writing a file (or a stream on one). */
export function errnoWords(code: string | undefined): string {
  switch (code) {
    case 'ENOSPC':
      return 'no space left on the device';
    case 'EDQUOT':
      return 'the disk quota is exceeded';
    case 'EIO':
      return 'an input/output error (the disk or terminal failed)';
    case 'EBADF':
      return 'the file descriptor is closed';
    case 'EFBIG':
      return 'the file is too large';
    case 'EROFS':
      return 'the file system is read-only';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'ENOENT':
      return 'no such file or directory';
    case 'ENOTDIR':
      return 'a part of the path is not a directory';
    case 'EISDIR':
      return 'it is a directory';
    case 'ELOOP':
      return 'it is a symbolic link (not followed, so that nobody can point it elsewhere)';
    case 'ENXIO':
      return 'it is a FIFO or device with nobody on the other end';
    case 'EEXIST':
      return 'it already exists';
    case 'EPIPE':
      return 'the reader closed the pipe';
    default:
      return 'it cannot be used';
  }
}

export function errnoCode(error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}
