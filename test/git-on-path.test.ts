// The command line's `wait` runs git by an absolute path from PATH, never from the checkout's
// folder (issue 30, item 8: on Windows a bare `git` ran `git.exe` from the current folder first).
import { describe, expect, it } from 'vitest';
import { findOnPath } from '../src/cli/git-head.js';

const files = (...paths: string[]) => {
  const set = new Set(paths);
  return (path: string) => set.has(path);
};

describe('findOnPath', () => {
  it("on Windows: skips the checkout's folder, relative and empty entries, finds git.exe by an absolute path", () => {
    const isFile = files('C:\\work\\repo\\git.exe', 'C:\\work\\repo\\bin\\git.exe', 'C:\\Program Files\\Git\\cmd\\git.exe');
    const env = { Path: ';.;bin;C:\\WORK\\REPO\\;"C:\\Program Files\\Git\\cmd"' };
    expect(findOnPath('git', env, 'C:\\work\\repo', 'win32', isFile)).toBe('C:\\Program Files\\Git\\cmd\\git.exe');
    // Nowhere but the checkout: no git, rather than the checkout's.
    expect(findOnPath('git', { PATH: '.;C:\\work\\repo' }, 'C:\\work\\repo', 'win32', isFile)).toBeUndefined();
    // Only an .exe: a git.bat or git.cmd on PATH would need a shell.
    expect(findOnPath('git', { PATH: 'C:\\tools' }, 'C:\\work\\repo', 'win32', files('C:\\tools\\git.cmd'))).toBeUndefined();
  });

  it('on POSIX: the same, with `:` between entries', () => {
    const isFile = files('/srv/checkout/git', '/usr/bin/git');
    expect(findOnPath('git', { PATH: '::.:bin:/srv/checkout:/usr/bin' }, '/srv/checkout', 'linux', isFile)).toBe('/usr/bin/git');
    expect(findOnPath('git', { PATH: '' }, '/srv/checkout', 'linux', isFile)).toBeUndefined();
    expect(findOnPath('git', {}, '/srv/checkout', 'linux', isFile)).toBeUndefined();
  });
});
