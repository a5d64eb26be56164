/**
 * Where Read the Docs serves the build of a pull request. The rules follow the service's resolver:
 * the host belongs to the canonical project (the parent of a translation or subproject), the path
 * follows the project's `versioning_scheme`.
 */
import { encodeSegment } from '../../util/url.js';
import { forCount } from '../../util/plural.js';

export interface ProjectForPreview {
  slug: string;
  language: string;
  versioningScheme: string;
  /** Slug of the main-language project when this project is a translation. */
  translationOf?: string | null;
  /** Slug of the superproject when this project is a subproject. */
  subprojectOf?: string | null;
}

export type Edition = 'org' | 'com';

const PREVIEW_TEMPLATE_INPUT = 'preview-url-template';
const PREVIEW_TEMPLATE_PLACEHOLDERS = ['{project}', '{version}', '{language}'] as const;

const PREVIEW_DOMAINS: Record<Edition, string> = {
  org: 'org.readthedocs.build',
  com: 'com.readthedocs.build',
};

/** Business (`readthedocs.com`) or Community (everything else) from the API base URL. */
export function editionFromBaseUrl(baseUrl: string): Edition {
  let hostname: string;
  try {
    hostname = new URL(baseUrl).hostname.toLowerCase();
  } catch {
    return 'org';
  }
  return hostname === 'readthedocs.com' || hostname.endsWith('.readthedocs.com') ? 'com' : 'org';
}

/**
 * The pull-request preview URL of `project`, always ending in `/`.
 *
 * `parent` is the canonical project when `project` is a translation or a subproject; for a
 * subproject it carries the alias under which the parent serves it. `template` replaces the whole
 * computation (see {@link validatePreviewTemplate}). Throws when the URL cannot be known for sure.
 */
export function previewUrl(args: {
  project: ProjectForPreview;
  parent?: ProjectForPreview & { subprojectAlias?: string };
  pr: number;
  /** The PR version's slug when known: the number, or the number made unique (`7_a` beside a branch `7`). */
  version?: string;
  edition: Edition;
  template?: string;
}): string {
  const { project, parent, edition, template } = args;
  if (!Number.isSafeInteger(args.pr) || args.pr <= 0) {
    throw new Error(`A pull request number must be a positive integer, got ${String(args.pr)}.`);
  }
  const pr = args.version ?? String(args.pr);
  if (!/^[a-z0-9][a-z0-9_-]*$/.test(pr)) throw new Error(`Version slug "${pr}" cannot be part of a preview URL.`);
  if (template !== undefined && template.trim() !== '') {
    return fillPreviewTemplate(template, { project: hostLabel(project.slug), version: pr, language: project.language });
  }

  const relation = relationToParent(project, parent);
  if (relation === 'none') {
    return `${origin(project.slug, pr, edition)}${schemePath(project, project.language, pr)}`;
  }
  if (parent === undefined) {
    const parentSlug = relation === 'translation' ? project.translationOf : project.subprojectOf;
    throw new Error(
      `Project "${project.slug}" is a ${relation} of "${parentSlug}": the parent project's details are needed to build its preview URL.`,
    );
  }
  if (parent.translationOf || parent.subprojectOf) {
    throw new Error(
      `Project "${project.slug}" belongs to "${parent.slug}", which itself belongs to "${parent.translationOf || parent.subprojectOf}"; ` +
        `such nested projects are not resolved automatically: set the input "${PREVIEW_TEMPLATE_INPUT}".`,
    );
  }
  if (relation === 'translation') {
    // A translation lives under the main-language project's host and scheme, in its own language.
    return `${origin(parent.slug, pr, edition)}${schemePath(parent, project.language, pr)}`;
  }
  const alias = parent.subprojectAlias?.trim();
  if (!alias) {
    throw new Error(`The alias under which "${parent.slug}" serves subproject "${project.slug}" is needed to build its preview URL.`);
  }
  return `${origin(parent.slug, pr, edition)}/projects/${aliasPath(alias, project.slug)}${schemePath(project, project.language, pr)}`;
}

/**
 * A subproject's alias in the path: a `/` in it (the service allows one behind a feature flag)
 * stays a `/`, every segment is encoded on its own. Empty, `.` and `..` segments are refused: the
 * URL would resolve elsewhere.
 */
function aliasPath(alias: string, slug: string): string {
  const segments = alias.split('/');
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) {
    throw new Error(
      `The alias "${alias}" of subproject "${slug}" has an empty, "." or ".." part: set the input "${PREVIEW_TEMPLATE_INPUT}" to give the preview URL.`,
    );
  }
  return segments.map(encodeSegment).join('/');
}

/**
 * Checks a `preview-url-template` input early: only `{project}`, `{version}` and `{language}` may
 * appear in braces, and the result must be an absolute http(s) URL. Throws an `Error` naming the input.
 */
export function validatePreviewTemplate(template: string): void {
  fillPreviewTemplate(template, { project: 'project', version: '1', language: 'en' });
}

type RelationToParent = 'none' | 'translation' | 'subproject';

function relationToParent(
  project: ProjectForPreview,
  parent: (ProjectForPreview & { subprojectAlias?: string }) | undefined,
): RelationToParent {
  const declared = project.translationOf || project.subprojectOf;
  const relation: RelationToParent = project.translationOf
    ? 'translation'
    : project.subprojectOf || parent?.subprojectAlias !== undefined
      ? 'subproject'
      : 'none';
  if (parent !== undefined) {
    if (relation === 'none') {
      throw new Error(
        `A parent project ("${parent.slug}") was given for "${project.slug}", which is neither a translation nor a subproject.`,
      );
    }
    if (declared && declared !== parent.slug) {
      throw new Error(`Project "${project.slug}" belongs to "${declared}", but the parent given is "${parent.slug}".`);
    }
  }
  return relation;
}

/** Read the Docs writes slugs into host names with `_` turned into `-`. */
function hostLabel(slug: string): string {
  return slug.replace(/_/g, '-');
}

function origin(slug: string, pr: string, edition: Edition): string {
  const label = hostLabel(slug).toLowerCase();
  if (!/^[a-z0-9-]+$/.test(label)) {
    throw new Error(`Project slug "${slug}" cannot be part of a preview host name.`);
  }
  return `https://${label}--${pr}.${PREVIEW_DOMAINS[edition]}`;
}

function schemePath(schemeOwner: ProjectForPreview, language: string, pr: string): string {
  switch (schemeOwner.versioningScheme) {
    case 'multiple_versions_with_translations':
      if (language.trim() === '') throw new Error(`Project "${schemeOwner.slug}" has no language to build its preview URL.`);
      return `/${encodeSegment(language)}/${pr}/`;
    case 'multiple_versions_without_translations':
      return `/${pr}/`;
    case 'single_version_without_translations':
      return '/';
    default:
      throw new Error(
        `Project "${schemeOwner.slug}" uses the versioning scheme "${schemeOwner.versioningScheme}", which this action does not know; ` +
          `set the input "${PREVIEW_TEMPLATE_INPUT}" to give the preview URL.`,
      );
  }
}

function fillPreviewTemplate(template: string, values: { project: string; version: string; language: string }): string {
  const accepted = PREVIEW_TEMPLATE_PLACEHOLDERS.join(', ');
  const unknown = [...template.matchAll(/\{[^{}]*\}/g)]
    .map((match) => match[0])
    .filter((placeholder) => !(PREVIEW_TEMPLATE_PLACEHOLDERS as readonly string[]).includes(placeholder));
  if (unknown.length > 0) {
    const names = [...new Set(unknown)];
    throw new Error(
      `Input "${PREVIEW_TEMPLATE_INPUT}" has unknown ${forCount(names.length, 'placeholder')} ${names.join(', ')}; accepted placeholders: ${accepted}.`,
    );
  }
  const filled = template
    .trim()
    .replace(/\{(project|version|language)\}/g, (_match, name: keyof typeof values) => encodeSegment(values[name]));
  if (/[{}]/.test(filled)) {
    throw new Error(`Input "${PREVIEW_TEMPLATE_INPUT}" has an unmatched brace; accepted placeholders: ${accepted}.`);
  }
  let url: URL;
  try {
    url = new URL(filled);
  } catch {
    throw new Error(
      `Input "${PREVIEW_TEMPLATE_INPUT}" must give an absolute http(s) URL, got "${filled}"; accepted placeholders: ${accepted}.`,
    );
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.hostname === '') {
    throw new Error(`Input "${PREVIEW_TEMPLATE_INPUT}" must give an http(s) URL, got "${filled}"; accepted placeholders: ${accepted}.`);
  }
  return url.href;
}
