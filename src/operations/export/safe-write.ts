import { constants } from 'node:fs';
import { lstat, mkdir, open } from 'node:fs/promises';
import { isAbsolute, join, parse, relative, sep } from 'node:path';

/** A path `export` will not write through: a symbolic link (or a file where a folder should be) on the way. */
export class UnsafePathError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnsafePathError';
  }
}

/**
 * Writes `text` to `path` without following a symbolic link anywhere on the way: a checked-out
 * repository can hold `.github` as a link out of the workspace, and the file must not land there.
 * Every folder from `base` down (from the root for a path outside `base`) is checked with `lstat`
 * and made when missing, one at a time; the file is opened with `O_NOFOLLOW`, and created
 * exclusively unless `overwrite`. False when the file exists and `overwrite` is not given.
 */
export async function writeWithoutLinks(base: string, path: string, text: string, overwrite: boolean): Promise<boolean> {
  const inside = relative(base, path);
  const [start, rest] =
    inside !== '' && !inside.startsWith('..') && !isAbsolute(inside)
      ? [base, inside]
      : [parse(path).root, relative(parse(path).root, path)];
  const parts = rest.split(sep).filter((part) => part !== '');
  let at = start;
  /** The path as the message names it: from the workspace when inside it. */
  const shown = (where: string) => (start === base ? relative(base, where) : where);
  for (const [index, part] of parts.entries()) {
    at = join(at, part);
    const last = index === parts.length - 1;
    const stats = await lstat(at).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    if (stats?.isSymbolicLink()) {
      throw new UnsafePathError(`${shown(at)} is a symbolic link: export writes nothing through one (it could point out of the workspace)`);
    }
    if (last) break;
    if (stats === undefined) {
      await mkdir(at).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'EEXIST') throw error;
      });
      // Made since by another: checked as any folder on the way.
      if ((await lstat(at)).isSymbolicLink())
        throw new UnsafePathError(`${shown(at)} is a symbolic link: export writes nothing through one`);
    } else if (!stats.isDirectory()) throw new UnsafePathError(`${shown(at)} is not a folder`);
  }
  // O_NOFOLLOW (not on Windows, where the lstat above stands alone) refuses a link made since.
  const flags = constants.O_WRONLY | constants.O_CREAT | (overwrite ? constants.O_TRUNC : constants.O_EXCL) | (constants.O_NOFOLLOW ?? 0);
  let file: Awaited<ReturnType<typeof open>>;
  try {
    file = await open(path, flags, 0o666);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code === 'ELOOP') throw new UnsafePathError(`${shown(path)} is a symbolic link: export writes nothing through one`);
    throw error;
  }
  try {
    await file.writeFile(text, 'utf8');
  } finally {
    await file.close();
  }
  return true;
}
