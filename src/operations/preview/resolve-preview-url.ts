import { NotFoundError } from '../../readthedocs/errors.js';
import type { ReadTheDocsApi } from '../../readthedocs/read-the-docs.js';
import type { Project } from '../../readthedocs/schemas.js';
import { editionFromBaseUrl, previewUrl, type ProjectForPreview } from './preview-url.js';

/** The service's project records, each fetched once per step (translations come with theirs). */
export class ProjectRecords {
  private readonly cache = new Map<string, Promise<Project>>();

  constructor(private readonly api: ReadTheDocsApi) {}

  get(slug: string): Promise<Project> {
    let record = this.cache.get(slug);
    if (!record) {
      record = this.api.project(slug);
      this.cache.set(slug, record);
      // A 404 stays known; a read that failed otherwise (the service down) is asked again by the next caller.
      record.catch((error: unknown) => {
        if (!(error instanceof NotFoundError)) this.cache.delete(slug);
      });
    }
    return record;
  }

  /**
   * The slugs among `slugs` the service does not know (their record answers 404), each with its
   * error: read before anything is posted on the pull request, with the records the preview
   * reads anyway. A record that cannot be read for another reason proves nothing here.
   */
  async missing(slugs: readonly string[]): Promise<Map<string, NotFoundError>> {
    const missing = new Map<string, NotFoundError>();
    await Promise.all(
      slugs.map((slug) =>
        this.get(slug).catch((error: unknown) => {
          if (error instanceof NotFoundError) missing.set(slug, error);
        }),
      ),
    );
    return missing;
  }

  remember(project: Project): void {
    if (!this.cache.has(project.slug)) this.cache.set(project.slug, Promise.resolve(project));
  }
}

/**
 * The preview URL of `slug` for pull request `pr`: from the template when one is given, else from
 * the project's record, with its parent's (the main-language project of a translation, the
 * superproject of a subproject, with the alias it serves it under) when it has one.
 */
export async function resolvePreviewUrl(args: {
  api: ReadTheDocsApi;
  records: ProjectRecords;
  slug: string;
  pr: number;
  /** The PR version's slug as the build names it (`7_a` when a branch `7` exists). */
  version?: string;
  baseUrl: string;
  template: string | undefined;
}): Promise<string> {
  const { api, records, slug, template } = args;
  const pr = args.pr;
  const version = args.version;
  const project = forPreview(await records.get(slug));
  const edition = editionFromBaseUrl(args.baseUrl);
  if (template) return previewUrl({ project, pr, version, edition, template });
  const parentSlug = project.translationOf || project.subprojectOf;
  if (!parentSlug) return previewUrl({ project, pr, version, edition });
  const parent = forPreview(await records.get(parentSlug));
  if (project.translationOf) return previewUrl({ project, parent, pr, version, edition });
  const alias = (await api.subprojects(parentSlug)).find((subproject) => subproject.child.slug === slug)?.alias;
  return previewUrl({ project, parent: { ...parent, ...(alias === undefined ? {} : { subprojectAlias: alias }) }, pr, version, edition });
}

/** The fields the URL rules need. Older answers lack `versioning_scheme`: `single_version` tells. */
export function forPreview(project: Project): ProjectForPreview {
  return {
    slug: project.slug,
    language: project.language.code,
    versioningScheme:
      project.versioning_scheme ?? (project.single_version ? 'single_version_without_translations' : 'multiple_versions_with_translations'),
    translationOf: slugOf(project.translation_of),
    subprojectOf: slugOf(project.subproject_of),
  };
}

/** `translation_of` / `subproject_of` come as a slug or as the expanded project. */
function slugOf(ref: Project['translation_of']): string | null {
  if (ref === null || ref === undefined) return null;
  return typeof ref === 'string' ? ref : ref.slug;
}
