import { PROJECT_SLUG } from '../../../inputs/slugs.js';
import { COMMUNITY_REDIRECT_LIMIT, type Edition } from './edition.js';
import { BUSINESS_ONLY_SETTINGS, type ProjectConfig } from './model.js';
import {
  LANGUAGES,
  LEGACY_LANGUAGE,
  MAX_ANALYTICS_CODE,
  MAX_HOMEPAGE,
  MAX_NAME,
  MAX_YAML_PATH,
  PROGRAMMING_LANGUAGES,
  YAML_PATH_FORBIDDEN,
} from './service-choices.js';
import { hasPaths, isAbsoluteTarget, LEGACY_WILDCARD, normaliseRedirect, redirectKey, schemeOf } from './normal-form.js';

export type Segment = string | number;

export interface RuleReport {
  /** Refused: nothing is written. */
  problem(path: Segment[], message: string): void;
  /** Allowed, but worth saying on its line. */
  warning(path: Segment[], message: string): void;
  /** Allowed, with no effect worth knowing about. */
  notice?(path: Segment[], message: string): void;
  edition: Edition;
}

/** FACTS: "`from_url`, `to_url` or `description` over 255 characters" are refused. */
const MAX_REDIRECT_FIELD = 255;
/**
 * A subproject alias as the service takes it. FACTS: "An alias must [...] match
 * `[-\w]+(?:/[-\w]+)*` with Unicode `\w`; a `/` needs a feature flag": the flag is not readable,
 * so an alias with `/` is taken here, and a new one refused before any write when the project
 * shows no sign of the flag (see `preflight.ts`).
 */
const ALIAS = /^[-\p{L}\p{N}_]+(?:\/[-\p{L}\p{N}_]+)*$/u;
const MAX_ALIAS = 255;

/**
 * Rules the schema alone cannot say: required paths, spellings given twice, duplicates, and what
 * the service refuses on write (FACTS.md, "Rules the service enforces on writes"), each refused
 * here, before any request, with what to write instead.
 */
export function checkProject(project: ProjectConfig, base: Segment[], report: RuleReport): void {
  checkRedirects(project, base, report);
  checkSubprojects(project, base, report);
  checkSettings(project, base, report);
  if (report.edition === 'community') checkBusinessOnly(project, base, report);
}

function checkRedirects(project: ProjectConfig, base: Segment[], { problem, edition }: RuleReport): void {
  const redirects = project.redirects ?? [];
  const seen = new Map<string, number>();
  for (const [index, redirect] of redirects.entries()) {
    const at = [...base, 'redirects', index];
    if (redirect.from !== undefined && redirect.from_url !== undefined) problem([...at, 'from_url'], 'give `from` or `from_url`, not both');
    if (redirect.to !== undefined && redirect.to_url !== undefined) problem([...at, 'to_url'], 'give `to` or `to_url`, not both');
    const fromKey = redirect.from !== undefined ? 'from' : 'from_url';
    const toKey = redirect.to !== undefined ? 'to' : 'to_url';
    const rawFrom = redirect.from ?? redirect.from_url;
    const rawTo = redirect.to ?? redirect.to_url;
    const wanted = normaliseRedirect(redirect);
    if (hasPaths(redirect.type)) {
      if (!rawFrom?.trim()) problem(at, `a redirect of type \`${redirect.type}\` needs \`from\``);
      if (!rawTo?.trim()) problem(at, `a redirect of type \`${redirect.type}\` needs \`to\``);
      if (rawFrom?.trim() && rawTo?.trim()) {
        checkPaths(wanted.from, wanted.to, rawTo, [...at, fromKey], [...at, toKey], problem);
      }
    }
    if (wanted.description.length > MAX_REDIRECT_FIELD) {
      problem([...at, 'description'], `at most ${MAX_REDIRECT_FIELD} characters: the service refuses longer`);
    }
    const key = redirectKey(wanted);
    const first = seen.get(key);
    if (first === undefined) seen.set(key, index);
    else if (!hasPaths(redirect.type)) {
      // FACTS: "a second redirect of type `clean_url_to_html` (or `html_to_clean_url`) in a project" is refused.
      problem(at, `a project has at most one redirect of type \`${redirect.type}\`: redirects[${first}] is one already`);
    } else problem(at, `duplicate redirect: the same type, from and to as redirects[${first}]`);
  }
  // FACTS: "Community projects may hold 100 redirects [...] a plan that would end above 100 fails
  // part-way. Business plans differ.": refused unless `base-url` names Business.
  if (edition !== 'business' && redirects.length > COMMUNITY_REDIRECT_LIMIT) {
    problem(
      [...base, 'redirects'],
      `${redirects.length} redirects: a Read the Docs Community project holds at most ${COMMUNITY_REDIRECT_LIMIT} (the limit), and the service refuses to create more (Read the Docs for Business has no such limit: \`base-url: https://app.readthedocs.com\`)`,
    );
  }
}

/** The service's refusals of a redirect's paths, each with what to write instead. */
function checkPaths(
  from: string,
  to: string,
  rawTo: string,
  fromPath: Segment[],
  toPath: Segment[],
  problem: (path: Segment[], message: string) => void,
): void {
  // FACTS: "`from_url` ending in `$rest` ("The $rest wildcard has been removed in favor of *.")"
  if (from.endsWith(LEGACY_WILDCARD)) {
    const modernFrom = `${from.slice(0, -LEGACY_WILDCARD.length)}*`;
    const modernTo = to.includes(':splat') ? to : `${to}:splat`;
    problem(
      fromPath,
      `\`$rest\` was removed in favour of \`*\`: write \`${modernFrom}\`, and \`${modernTo}\` as \`to\` to keep the rest of the path`,
    );
  } else if (from.includes('*') && !from.endsWith('*')) {
    // FACTS: "a `*` that is not the last character of `from_url`"
    problem(fromPath, `\`*\` may only end the path (it matches the rest): write \`${from.slice(0, from.indexOf('*') + 1)}\``);
  } else if (to.includes(':splat') && !from.endsWith('*')) {
    // FACTS: "`:splat` in `to_url` without a trailing `*` in `from_url`"
    problem(
      toPath,
      `\`:splat\` places what \`*\` matched: end \`from\` with \`*\` (\`${from === '/' ? '' : from}/*\`), or drop \`:splat\``,
    );
  }
  const target = targetProblem(rawTo);
  if (target !== undefined) problem(toPath, target);
  if (from.length > MAX_REDIRECT_FIELD)
    problem(fromPath, `at most ${MAX_REDIRECT_FIELD} characters as the service stores it (\`/\` added)`);
  if (to.length > MAX_REDIRECT_FIELD) problem(toPath, `at most ${MAX_REDIRECT_FIELD} characters as the service stores it (\`/\` added)`);
}

// Control characters (C0, DEL, C1): a browser drops some (tab, line breaks) and cuts at others.
const TARGET_CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * Why a redirect's target is refused, read as a browser reads a `Location`: it strips the
 * surrounding controls and spaces and every tab and line break, and takes `\` for `/` (WHATWG URL).
 * So `java\tscript:` is a script, and `//host`, `/\host` or `\\host` another host: a target is a
 * path on the docs site or an `http(s)://` URL, spelled as the browser will read it.
 */
function targetProblem(rawTo: string): string | undefined {
  const trimmed = rawTo.trim();
  if (TARGET_CONTROL.test(trimmed)) {
    return 'holds a control character (a tab, a line break, NUL…): a browser drops or stops at them, so it would go elsewhere than written';
  }
  const read = trimmed.replaceAll('\\', '/');
  const scheme = schemeOf(read);
  if (scheme !== undefined && !isAbsoluteTarget(trimmed)) {
    return scheme === 'http' || scheme === 'https'
      ? `an absolute target starts with \`${scheme}://\` in lower case`
      : `a redirect goes to a path or an \`http(s)://\` URL: \`${scheme}:\` is refused (a path starts with \`/\`)`;
  }
  if (scheme === undefined && read.startsWith('//')) {
    return 'a browser reads a target that starts with `//` (or `/\\`, `\\\\`: it takes `\\` for `/`) as another host: write `https://host/…` for another site, or one `/` for a path on this one';
  }
  if (scheme === undefined && trimmed.includes('\\')) {
    return 'a browser reads `\\` as `/`: write `/`';
  }
  return undefined;
}

function checkSubprojects(project: ProjectConfig, base: Segment[], { problem }: RuleReport): void {
  const aliases = new Map<string, number>();
  const children = new Map<string, number>();
  for (const [index, subproject] of (project.subprojects ?? []).entries()) {
    const at = [...base, 'subprojects', index];
    if (!PROJECT_SLUG.test(subproject.child)) problem([...at, 'child'], 'a project slug: lowercase letters, digits, `-` and `_`');
    const alias = subproject.alias ?? subproject.child;
    if (subproject.alias !== undefined && (!ALIAS.test(alias) || alias.length > MAX_ALIAS)) {
      problem(
        [...at, 'alias'],
        `an alias is letters (of any script), digits, \`-\` and \`_\`, in parts joined by single \`/\` (which needs a feature flag of the service), at most ${MAX_ALIAS}`,
      );
    }
    const firstAlias = aliases.get(alias);
    if (firstAlias !== undefined) problem(at, `duplicate alias \`${alias}\`: subprojects[${firstAlias}] has it too`);
    else aliases.set(alias, index);
    const firstChild = children.get(subproject.child);
    if (firstChild !== undefined) problem(at, `duplicate child \`${subproject.child}\`: subprojects[${firstChild}] names it too`);
    else children.set(subproject.child, index);
  }
}

/**
 * FACTS: "Project PATCH [...] accepts [...] on Business only privacy_level and
 * external_builds_privacy_level [...] on Community the two privacy keys are dropped without an
 * error" and "Version PATCH accepts `active`, `hidden`, and on Business `privacy_level`". Refused
 * rather than reported as applied when the service would drop them.
 */
function checkBusinessOnly(project: ProjectConfig, base: Segment[], { problem }: RuleReport): void {
  const hint = 'Read the Docs for Business only (`base-url: https://app.readthedocs.com`): Read the Docs Community drops it';
  for (const key of BUSINESS_ONLY_SETTINGS) {
    if (project.settings?.[key] !== undefined) problem([...base, 'settings', key], hint);
  }
  for (const [slug, version] of Object.entries(project.versions ?? {})) {
    if (version.privacy_level !== undefined) problem([...base, 'versions', slug, 'privacy_level'], hint);
  }
}

/** The service's message-free rule for `readthedocs_yaml_path`, on the value as it stores it (trimmed); undefined when it is taken. */
function yamlPathProblem(path: string): string | undefined {
  if (path.length > MAX_YAML_PATH) return `at most ${MAX_YAML_PATH} characters`;
  if (path.startsWith('/')) return 'a path relative to the top of the repository: it may not start with `/`';
  if (path.includes('..')) return '`..` is refused: a path inside the repository, relative to its top';
  const bad = [...YAML_PATH_FORBIDDEN].find((c) => path.includes(c));
  if (bad !== undefined) return `\`${bad === '`' ? '\\`' : bad}\` is refused: the service refuses any of ${YAML_PATH_FORBIDDEN}`;
  if (path !== '.readthedocs.yaml' && !path.endsWith('/.readthedocs.yaml')) {
    return 'the file must be named `.readthedocs.yaml` (`.readthedocs.yaml` or `some/folder/.readthedocs.yaml`)';
  }
  return undefined;
}

/** Whether `text` is an `http(s)` URL as the service's URL check takes it (a host with a dot, or localhost). */
function isWebUrl(text: string): boolean {
  if (!/^https?:\/\/[^\s]+$/i.test(text)) return false;
  try {
    const url = new URL(text);
    return url.hostname === 'localhost' || /^[^.]+(\.[^.]+)+$/.test(url.hostname);
  } catch {
    return false;
  }
}

/**
 * FACTS: "Field rules of the project (400 when broken)" and "`show_version_warning` has no effect
 * anywhere in the service". Each refused at its line, before any request.
 */
function checkSettings(project: ProjectConfig, base: Segment[], { problem, notice }: RuleReport): void {
  const settings = project.settings;
  if (!settings) return;
  const at = (key: string) => [...base, 'settings', key];
  if (settings.name !== undefined && settings.name.length > MAX_NAME) {
    problem(at('name'), `${settings.name.length} characters: the service takes a name of at most ${MAX_NAME}`);
  }
  if (settings.analytics_code !== undefined && settings.analytics_code.length > MAX_ANALYTICS_CODE) {
    problem(at('analytics_code'), `${settings.analytics_code.length} characters: the service takes at most ${MAX_ANALYTICS_CODE}`);
  }
  const homepage = settings.homepage?.trim();
  if (homepage) {
    if (!isWebUrl(homepage)) problem(at('homepage'), 'an `http://` or `https://` URL (or empty for none)');
    else if (homepage.length > MAX_HOMEPAGE)
      problem(at('homepage'), `${homepage.length} characters: the service takes at most ${MAX_HOMEPAGE}`);
  }
  // `zh` is what older projects still have (and `export` writes): refused only when it would be sent (preflight.ts).
  if (settings.language !== undefined && settings.language !== LEGACY_LANGUAGE && !LANGUAGES.has(settings.language)) {
    problem(at('language'), "not one of the service's language codes (`en`, `de`, `pt-br`, `zh-cn`, … in lower case)");
  }
  if (settings.programming_language !== undefined && !PROGRAMMING_LANGUAGES.has(settings.programming_language)) {
    problem(at('programming_language'), `one of ${[...PROGRAMMING_LANGUAGES].map((code) => `\`${code}\``).join(', ')}`);
  }
  const yamlPath = settings.readthedocs_yaml_path?.trim();
  if (yamlPath) {
    const why = yamlPathProblem(yamlPath);
    if (why !== undefined) problem(at('readthedocs_yaml_path'), why);
  }
  if (settings.show_version_warning !== undefined) {
    notice?.(
      at('show_version_warning'),
      'has no effect: the service accepts this key and does nothing with it, so it is not sent (remove it from the file)',
    );
  }
}
