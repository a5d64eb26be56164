// The release workflow's first step (.github/workflows/release.yml), and a maintainer's dry run
// before tagging (docs/releasing.md):
//
//   npx node scripts/release.ts v1.2.3 [--notes <file>] [--main <ref>]
//
// Checks the tag against the repository in the current folder (package.json, src/version.ts, a
// dated CHANGELOG.md section, the docs' `@vN` examples), then prints the plan: the version, whether it is a pre-release, the
// major tag to move. With --notes, writes the release notes there; under GitHub Actions it also
// sets the step outputs `version`, `prerelease` and `major-tag`. Exits 1, naming every problem,
// when the release must not be made.
//
// Which releases count when deciding whether the major tag moves: the tags on main (`--main`, HEAD
// by default) whose package.json names their version, as a release's does. A stray tag (`v1.99.0`
// pushed on another branch, or on a commit of another version) is no release and never stops the
// major tag from moving.
import { execFileSync } from 'node:child_process';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { docsMajorTags } from './release/docs-major-tags.ts';
import { ReleaseRefused, releasePlan } from './release/plan.ts';

const git = (...args: string[]): string => execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();

function main(args: string[]): number {
  const [tag, ...rest] = args;
  const option = (name: string) => {
    const at = rest.indexOf(name);
    return at === -1 ? { given: false, value: undefined } : { given: true, value: rest[at + 1] };
  };
  const notes = option('--notes');
  const mainRef = option('--main');
  const notesFile = notes.value;
  if (!tag || (notes.given && !notes.value) || (mainRef.given && !mainRef.value)) {
    process.stderr.write('usage: node scripts/release.ts vMAJOR.MINOR.PATCH [--notes <file>] [--main <ref>]\n');
    return 2;
  }
  const root = process.cwd();
  const read = (file: string) => readFileSync(join(root, file), 'utf8');
  const tags = git('tag', '--list').split('\n').filter(Boolean);
  const released = releasedTags(mainRef.value ?? 'HEAD');
  // Before the tag exists (a dry run), HEAD stands for the commit it will point at.
  const commit = tags.includes(tag) ? git('rev-parse', `${tag}^{commit}`) : git('rev-parse', 'HEAD');
  const server = process.env.GITHUB_SERVER_URL ?? 'https://github.com';
  const repository = process.env.GITHUB_REPOSITORY ?? 'readthedocs-action/readthedocs-action';
  try {
    const plan = releasePlan({
      tag,
      packageVersion: (JSON.parse(read('package.json')) as { version?: string }).version ?? '(none)',
      actionVersion: /ACTION_VERSION = '([^']*)'/.exec(read('src/version.ts'))?.[1] ?? '(none)',
      changelog: read('CHANGELOG.md'),
      tags: [...released, tag],
      repositoryUrl: `${server}/${repository}`,
      commit,
      docsMajorTags: docsMajorTags(root, repository),
    });
    if (notesFile) writeFileSync(notesFile, `${plan.notes}\n`);
    if (process.env.GITHUB_OUTPUT) {
      appendFileSync(
        process.env.GITHUB_OUTPUT,
        `version=${plan.version}\nprerelease=${plan.prerelease}\nmajor-tag=${plan.majorTag ?? ''}\n`,
      );
    }
    process.stdout.write(
      `Release ${tag} of ${commit}${tags.includes(tag) ? '' : ' (HEAD: the tag does not exist yet)'}\n` +
        `  pre-release: ${plan.prerelease ? 'yes' : 'no'}\n` +
        `  major tag:   ${plan.majorTag ? `${plan.majorTag} moves here` : 'none moves'}\n` +
        (notesFile ? `  notes:       ${notesFile}\n` : `\n${plan.notes}\n`),
    );
    return 0;
  } catch (error) {
    if (!(error instanceof ReleaseRefused)) throw error;
    process.stdout.write(`${error.message}\n`);
    if (process.env.GITHUB_ACTIONS === 'true') {
      process.stdout.write(`::error title=Release refused::${error.problems.join('; ').replace(/[\r\n%]/g, ' ')}\n`);
    }
    return 1;
  }
}

/** The tags on `mainRef` whose package.json names their version: the releases (a stray tag is none). */
function releasedTags(mainRef: string): string[] {
  return git('tag', '--list', '--merged', mainRef)
    .split('\n')
    .filter((name) => /^v\d+\.\d+\.\d+$/.test(name))
    .filter((name) => {
      try {
        return (JSON.parse(git('show', `refs/tags/${name}:package.json`)) as { version?: unknown }).version === name.slice(1);
      } catch {
        return false;
      }
    });
}

process.exitCode = main(process.argv.slice(2));
