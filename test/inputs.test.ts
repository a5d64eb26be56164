import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDuration } from '../src/inputs/duration.js';
import {
  INPUT_DEFAULTS,
  InputError,
  OPERATIONS,
  operationMissing,
  parseInputs,
  undeclaredInputs,
  type RawInputs,
} from '../src/inputs/inputs.js';
import { parseRateLimit } from '../src/inputs/rate-limit.js';
import { splitList, versionSlug } from '../src/inputs/slugs.js';
import { readActionMetadata } from '../harness/action-metadata.ts';
import { anyText } from './support/arbitraries.ts';

const parse = (raw: Partial<RawInputs>) => parseInputs({ project: 'demo', ...raw });
const refusal = (raw: Partial<RawInputs>): string => {
  try {
    parse(raw);
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return (error as Error).message;
  }
  throw new Error('expected a refusal');
};

describe('durations', () => {
  it.each([
    ['600', 600_000],
    ['90s', 90_000],
    ['15m', 900_000],
    ['1h', 3_600_000],
    ['1h30m', 5_400_000],
    ['250ms', 250],
    [' 2M ', 120_000],
    ['1.5', 1500],
  ])('%s', (text, ms) => expect(parseDuration(text)).toBe(ms));

  it.each(['', 'soon', '10 minutes', '-5', 'm', '5d'])('refuses %j', (text) => expect(parseDuration(text)).toBeUndefined());
});

describe('rate limits', () => {
  it('reads per minute and per period', () => {
    expect(parseRateLimit('60')).toEqual({ limit: 60, windowMs: 60_000 });
    expect(parseRateLimit('30/10s')).toEqual({ limit: 30, windowMs: 10_000 });
    expect(parseRateLimit('60/1m')).toEqual({ limit: 60, windowMs: 60_000 });
    expect(parseRateLimit('100/m')).toEqual({ limit: 100, windowMs: 60_000 });
  });
  it.each(['0', 'lots', '10/0s', '5/500ms', '-1'])('refuses %j', (text) => expect(parseRateLimit(text)).toBeUndefined());
});

describe('slugs and lists', () => {
  // Expected slugs: readthedocs.org's generate_version_slug (unicode-slugify 0.1.5 + Unidecode),
  // including the cases of its own tests (1%0, releases/1.0, camión, ŭñíč°də-branch).
  it.each([
    ['v2.0', 'v2.0'],
    ['Release/1.X', 'release-1.x'],
    ['releases/1.0', 'releases-1.0'],
    ['SomeString-charclass', 'somestring-charclass'],
    ['1%0', '1-0'],
    ['1!0', '1-0'],
    ['1?0', '1-0'],
    ['feature__x', 'feature__x'],
    ['a..b', 'a..b'],
    ['a_-_b', 'a_-_b'],
    // Other punctuation is dropped, not turned into `-`.
    ['v2.0+build.5', 'v2.0build.5'],
    ['feature@x', 'featurex'],
    ['tag:1', 'tag1'],
    ['R&D', 'rd'],
    ['1.0~rc1', '1.0rc1'],
    // Spaces and dashes collapse; only the start is trimmed of `- . _`.
    ['--a b--', 'a-b-'],
    ['a - b', 'a-b'],
    ['  v 1 . 0  ', 'v-1-.-0'],
    ['.hidden', 'hidden'],
    ['with.', 'with.'],
    ['a\u00a0b', 'a-b'],
    ['a\tb', 'ab'],
    // Accents go; a few Latin letters are spelled out as Unidecode does.
    ['camión', 'camion'],
    ['ŭñíč°də-branch', 'unicd-branch'],
    ['ß-straße', 'ss-strasse'],
    ['Ærø', 'aero'],
    ['Łódź', 'lodz'],
    ['ﬁle²', 'file2'],
    ['１２３', '123'],
  ])('slugifies %j as the service does: %j', (name, slug) => {
    expect(versionSlug(name)).toBe(slug);
  });
  it('gives nothing for a name without letters or digits, and refuses to guess other scripts', () => {
    expect(versionSlug('-./.-')).toBe('');
    expect(versionSlug('версия')).toBeUndefined();
    expect(versionSlug('日本語')).toBeUndefined();
  });
  it('splits lines and commas', () => {
    expect(splitList('a, b\n c\n\n,d')).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('parseInputs', () => {
  it('applies the defaults of action.yml to empty inputs', () => {
    const inputs = parse({ token: 'tok' });
    expect(inputs).toMatchObject({
      projects: ['demo'],
      operation: 'build',
      baseUrl: 'https://app.readthedocs.org',
      wait: true,
      timeoutMs: 30 * 60_000,
      rateLimit: { limit: 60, windowMs: 60_000 },
      pollInterval: 'auto',
      verify: 'warn',
      comment: 'auto',
    });
  });

  it('operation left out: build, but on pull-request events, where it is refused naming preview and wait (issue 49)', () => {
    expect(parse({ operation: '' }).operation).toBe('build');
    expect(parse({ operation: ' Build ' }).operation).toBe('build');
    for (const event of [undefined, '', 'push', 'workflow_dispatch', 'merge_group']) expect(operationMissing('', event)).toBeUndefined();
    for (const event of ['pull_request', 'pull_request_target']) {
      expect(operationMissing('', event)).toMatch(
        new RegExp(
          `^Input \`operation\` is not given: on a \`${event}\` event, set \`operation: preview\`.*\`operation: wait\`.*give \`operation: build\` to do that anyway$`,
        ),
      );
      expect(operationMissing(' ', event)).toBeDefined();
      expect(operationMissing('build', event)).toBeUndefined();
    }
  });

  it('INPUT_* variables that name no input: as the workflow wrote them, with the input they are near (issue 49)', () => {
    const env = {
      INPUT_PROJECT: 'demo',
      'INPUT_LINK-CHECK': 'warn',
      INPUT_LINK_CHECK: 'fail',
      INPUT_DRYRUN: 'true',
      INPUT_FROBNICATE: 'x',
      PATH: '/bin',
    };
    expect(undeclaredInputs(env)).toEqual([
      { name: 'dryrun', near: 'dry-run' },
      { name: 'frobnicate', near: undefined },
      { name: 'link_check', near: 'link-check' },
    ]);
    expect(undeclaredInputs({ INPUT_TOKEN: 't', 'INPUT_BASE-URL': 'u', INPUT_: '' })).toEqual([]);
  });

  it('defaults the budget to the service limit: 60/1m with a token, 5/1m without, unless rate-limit is set', () => {
    expect(parse({ token: 'tok' }).rateLimit).toEqual({ limit: 60, windowMs: 60_000 });
    expect(parse({ token: '' }).rateLimit).toEqual({ limit: 5, windowMs: 60_000 });
    expect(parse({ token: '', 'rate-limit': '30/1m' }).rateLimit).toEqual({ limit: 30, windowMs: 60_000 });
  });

  it('keeps INPUT_DEFAULTS equal to the defaults in action.yml', () => {
    const meta = readActionMetadata();
    expect(Object.keys(meta.inputs).sort()).toEqual(Object.keys(INPUT_DEFAULTS).sort());
    for (const [name, input] of Object.entries(meta.inputs)) {
      if (name === 'github-token') continue; // an expression the runner fills in
      expect(INPUT_DEFAULTS[name as keyof typeof INPUT_DEFAULTS], name).toBe(input.default ?? '');
    }
  });

  it('reads several projects and removes repeats', () => {
    expect(parse({ project: 'a, b\nc\na' }).projects).toEqual(['a', 'b', 'c']);
  });

  it('slugifies the version and remembers what was given', () => {
    const inputs = parse({ version: 'Release/2.0' });
    expect(inputs.version).toBe('release-2.0');
    expect(inputs.versionGiven).toBe('Release/2.0');
    expect(parse({ version: 'v2.0' }).versionGiven).toBeUndefined();
  });

  it('refuses a version that has no slug, or whose slug cannot be told', () => {
    expect(refusal({ version: '-./.-' })).toMatch(/Input `version`: .*cannot be a version slug/);
    expect(refusal({ version: 'версия' })).toMatch(/Input `version`: .*give the version's slug/);
  });

  it('accepts https and loopback http only', () => {
    expect(parse({ 'base-url': 'https://app.readthedocs.com/' }).baseUrl).toBe('https://app.readthedocs.com');
    expect(parse({ 'base-url': 'http://127.0.0.1:8080' }).baseUrl).toBe('http://127.0.0.1:8080');
    expect(parse({ 'base-url': 'http://localhost:1' }).baseUrl).toBe('http://localhost:1');
    expect(refusal({ 'base-url': 'http://example.com' })).toMatch(/Input `base-url`: .*https:\/\//);
    expect(refusal({ 'base-url': 'https://user:pw@example.com' })).toMatch(/must not carry credentials/);
    expect(refusal({ 'base-url': 'not a url' })).toMatch(/is not a URL/);
  });

  it('lists every refused input at once', () => {
    const message = refusal({ operation: 'nope', timeout: 'later', wait: 'maybe' });
    expect(message).toContain('Input `operation`');
    expect(message).toContain('Input `timeout`');
    expect(message).toContain('Input `wait`: accepts `true` or `false`');
  });

  it('names the input and what it accepts in each refusal', () => {
    expect(refusal({ operation: 'deploy' })).toContain(
      `Input \`operation\`: accepts ${OPERATIONS.slice(0, -1)
        .map((name) => `\`${name}\``)
        .join(', ')}`,
    );
    expect(refusal({ project: '' })).toMatch(/Input `project`: is required/);
    expect(refusal({ project: 'My Project!' })).toMatch(/Input `project`: `My Project!` is not a project slug/);
    expect(refusal({ timeout: 'soon' })).toMatch(/Input `timeout`: `soon` is not a duration/);
    expect(refusal({ 'base-url': 'http://readthedocs.example.com' })).toMatch(/Input `base-url`: .*must use https:\/\//);
    expect(refusal({ operation: 'wait', commit: 'abc123' })).toMatch(/Input `commit`: .*full commit SHA/);
  });

  it('refuses a control character anywhere in a path input, without printing the path', () => {
    const paths = { config: '.github/readthedocs-project.yml', 'docs-path': 'docs/source' } as const;
    const controls = ['\n', '\r', '\t', '\u0000', '\u001b', '\u007f', '\u0085', '\u2028', '\u2029'];
    for (const [name, path] of Object.entries(paths)) {
      expect(() => parse({ [name]: path })).not.toThrow();
      for (const control of controls) {
        const given = `${path.slice(0, 8)}${control}::error title=Forged::x.yml`;
        const message = refusal({ [name]: given });
        expect(message, JSON.stringify(given)).toBe(
          `Input \`${name}\`: holds a control character (a line break, a tab…): give a path on one line, of printable characters`,
        );
      }
    }
    // Ends trimmed as ever: the runner's own trailing line break is no control character of the path.
    expect(parse({ config: '  .github/project.yml\n' }).config).toBe('.github/project.yml');
  });

  it('keeps `config` inside the repository: `..` and absolute paths (POSIX, Windows, UNC) refused, before any request', () => {
    for (const path of [
      '/etc/cron.d/x.yml',
      '/tmp/outside.yml',
      'C:\\Users\\x.yml',
      'C:x.yml',
      'D:/x.yml',
      '\\\\server\\share\\x.yml',
      '\\x.yml',
    ]) {
      expect(refusal({ config: path }), path).toBe(
        `Input \`config\`: \`${path}\` must stay inside the repository: give a path relative to it (from the command line, to the current folder)`,
      );
    }
    expect(refusal({ config: 'docs/../../x.yml' })).toBe(
      'Input `config`: `docs/../../x.yml` must stay inside the repository: give a path without `..`',
    );
    for (const path of ['.github/readthedocs-project.yml', 'docs/project.yaml', '..hidden/x.yml', 'a/C:x.yml'])
      expect(parse({ config: path }).config).toBe(path);
  });

  it('reads a choice and a path in one normal form, the one every rule compares (issue 50)', () => {
    expect(parse({ operation: ' Build ' }).operation).toBe('build');
    expect(parse({ operation: 'WAIT' }).operation).toBe('wait');
    expect(parse({ comment: 'None' }).comment).toBe('none');
    expect(parse({ config: './.github/readthedocs-project.yml' }).config).toBe(INPUT_DEFAULTS.config);
    expect(parse({ config: '.github//x/./project.yml' }).config).toBe('.github/x/project.yml');
    expect(parse({ 'docs-path': './docs/source/' }).docsPath).toBe('docs/source');
    expect(parse({ 'docs-path': './' }).docsPath).toBe('.');
    // The rule against `..` reads the path as written, before its normal form.
    expect(refusal({ config: 'docs/../x.yml' })).toBe(
      'Input `config`: `docs/../x.yml` must stay inside the repository: give a path without `..`',
    );
  });

  it('takes only full commit SHAs', () => {
    expect(parse({ commit: 'A'.repeat(40) }).commit).toBe('a'.repeat(40));
    expect(refusal({ commit: 'abc1234' })).toMatch(/Input `commit`/);
  });

  it('never throws anything but InputError, for any text in any input', () => {
    const names = Object.keys(INPUT_DEFAULTS) as (keyof RawInputs)[];
    fc.assert(
      fc.property(fc.constantFrom(...names), anyText({ maxLength: 60 }), (name, text) => {
        try {
          parse({ [name]: text });
        } catch (error) {
          expect(error).toBeInstanceOf(InputError);
          expect((error as Error).message).toContain(`Input \`${name}\``);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('github-token', () => {
  it('counts the unexpanded default `${{ github.token }}` (as @github/local-action passes it) as empty', () => {
    expect(parse({ 'github-token': '${{ github.token }}' }).githubToken).toBeUndefined();
    expect(parse({ 'github-token': ' ${{github.token}} ' }).githubToken).toBeUndefined();
    expect(parse({ 'github-token': 'ghp_realtoken123' }).githubToken).toBe('ghp_realtoken123');
  });
});
