// The project file's path (issue 39's 6): inside the workspace, whatever a caller passes.
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configPath } from '../src/operations/shared/project-file/paths.ts';

describe('configPath', () => {
  const workspace = resolve('/srv/space');

  it('resolves a path inside the workspace', () => {
    expect(configPath('.github/readthedocs-project.yml', workspace)).toBe(join(workspace, '.github', 'readthedocs-project.yml'));
    expect(configPath('..hidden/x.yml', workspace)).toBe(join(workspace, '..hidden', 'x.yml'));
    expect(configPath(join(workspace, 'docs', 'x.yml'), workspace)).toBe(join(workspace, 'docs', 'x.yml'));
  });

  it('refuses an absolute path elsewhere, `..` out of it, and the workspace itself', () => {
    for (const path of [resolve('/etc/x.yml'), '../x.yml', 'docs/../../x.yml', '.', resolve('/srv/space-other/x.yml')]) {
      expect(() => configPath(path, workspace), path).toThrow(`The project file \`${path}\` must stay inside the repository`);
    }
  });
});
