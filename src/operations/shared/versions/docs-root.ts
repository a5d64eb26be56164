/**
 * FACTS.md ("Versions"): what the docs root does when the project's default version is inactive or
 * missing. On a multi-version project the root quietly serves `latest` while the default version's
 * own path (`/{lang}/{default}/`) answers 404; a single-version project's root, and a default of
 * `latest` itself, answer 404. The one place the rule is written: `health`'s check of the root and
 * `apply`'s preflight both ask it.
 */
export type RootWithoutDefault =
  | { serves: 'nothing'; singleVersion: boolean }
  | { serves: 'latest' /** The default version's own path, which answers 404. */; defaultPath: string };

/** The project's versioning scheme and language code, as the service names them (either may be unknown). */
export interface RootProject {
  versioningScheme?: string | undefined;
  language?: string | undefined;
}

export function rootWithoutDefault(project: RootProject, defaultVersion: string): RootWithoutDefault {
  if (project.versioningScheme === 'single_version_without_translations') return { serves: 'nothing', singleVersion: true };
  if (defaultVersion === 'latest') return { serves: 'nothing', singleVersion: false };
  return { serves: 'latest', defaultPath: versionPath(project, defaultVersion) };
}

/** A version's path under the docs domain, as the project's versioning scheme makes it (the language left out when unknown). */
function versionPath(project: RootProject, slug: string): string {
  const withLanguage = project.versioningScheme !== 'multiple_versions_without_translations' && project.language !== undefined;
  return `${withLanguage ? `/${project.language}` : ''}/${slug}/`;
}
