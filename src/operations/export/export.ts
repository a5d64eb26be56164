import { codeSpan, fencedCode } from '../../reporting/markdown.js';
import { DeadlineError } from '../../util/abort.js';
import { safeLine } from '../../util/untrusted-text.js';
import { forEachProject } from '../run-projects.js';
import type { OperationContext, ProjectResult, StepOperation } from '../types.js';
import { currentRedirect } from '../shared/project-file/current-state.js';
import type { ProjectConfig, RedirectEntry, Settings } from '../shared/project-file/model.js';
import { hasPaths, modernEquivalent, redirectKey } from '../shared/project-file/normal-form.js';
import { configPath } from '../shared/project-file/paths.js';
import { UnsafePathError, writeWithoutLinks } from './safe-write.js';
import { fitPolicy, policyEntry, policyVersionOf } from '../shared/project-file/version-policy.js';

/** The branch GET shows when the project sets none and no connected repository says otherwise. */
const FALLBACK_BRANCH = 'master';

/** Where the published schema lives, named at the top of every exported file. */
const SCHEMA_URL = 'https://raw.githubusercontent.com/readthedocs-action/readthedocs-action/main/schema/readthedocs-project.schema.json';

/**
 * The project as the file describes it: its settings, redirects in order, subprojects, and
 * versions that are on or hidden (but a merge queue's temporary ones). Applying what it returns writes nothing.
 */
async function exportProject(ctx: OperationContext, project: string): Promise<ProjectConfig> {
  const { api } = ctx;
  const info = await api.projectSettings(project);
  const settings: Settings = {
    name: info.name,
    ...(info.repository ? { repository: { url: info.repository.url, type: 'git' as const } } : {}),
    language: info.language.code,
    ...(info.programming_language ? { programming_language: info.programming_language.code } : {}),
    ...(info.homepage ? { homepage: info.homepage } : {}),
    tags: info.tags ?? [],
    ...(info.default_version ? { default_version: info.default_version } : {}),
    // FACTS: "GET's `default_branch` falls back to the repository's default, then `master`, when
    // none is set": `master` is most likely that fallback, which the file must not pin (connecting
    // a repository later would then not change it). Write `default_branch: master` to pin it.
    ...(info.default_branch && info.default_branch !== FALLBACK_BRANCH ? { default_branch: info.default_branch } : {}),
    ...(info.readthedocs_yaml_path ? { readthedocs_yaml_path: info.readthedocs_yaml_path } : {}),
  };
  if (info.versioning_scheme) settings.versioning_scheme = info.versioning_scheme as Settings['versioning_scheme'];
  const seen = new Set<string>();
  const redirects: RedirectEntry[] = [];
  for (const r of (await api.redirects(project)).map(currentRedirect).sort((a, b) => a.position - b.position || a.pk - b.pk)) {
    // A redirect stored twice is written once: the file refuses duplicates (`prune` deletes the copy).
    const key = redirectKey(r);
    if (seen.has(key)) continue;
    seen.add(key);
    const entry: RedirectEntry = { type: r.type };
    // A redirect stored in the removed `$rest` syntax is written in the `*`/`:splat` syntax the
    // file takes; `apply` reads the two as one redirect, so the stored one is left as it is.
    if (hasPaths(r.type)) Object.assign(entry, modernEquivalent(r.from, r.to) ?? { from: r.from, to: r.to });
    if (r.http_status !== 302) entry.http_status = r.http_status;
    if (r.force) entry.force = true;
    if (!r.enabled) entry.enabled = false;
    if (r.description) entry.description = r.description;
    redirects.push(entry);
  }
  const subprojects = (await api.subprojects(project)).map((s) =>
    s.alias === s.child.slug ? { child: s.child.slug } : { child: s.child.slug, alias: s.alias },
  );
  const versions: NonNullable<ProjectConfig['versions']> = {};
  const list = await api.versions(project);
  // A `version_policy` when one reproduces the tags as they are; the versions it decides are left out below.
  const fit = fitPolicy(list.map(policyVersionOf), () => {
    // The fitting is synchronous: the deadline's timer cannot fire during it, so its clock is read.
    ctx.deadline.signal.throwIfAborted();
    if (ctx.deadline.remainingMs() <= 0) throw new DeadlineError();
  });
  for (const version of list) {
    if (fit?.decided.has(version.slug) || isMergeQueueVersion(version.slug)) continue;
    if (version.active || version.hidden) versions[version.slug] = { active: version.active, hidden: version.hidden ?? false };
  }
  return { settings, redirects, subprojects, ...(fit ? { version_policy: policyEntry(fit.policy) } : {}), versions };
}

/**
 * A merge queue's temporary branch, as a version (FACTS, Versions: `gh-readonly-queue/main/pr-42-1a2b…`
 * has the slug `gh-readonly-queue-main-pr-42-1a2b…`): the service deletes it once the group leaves
 * the queue, and a file that names it could then never be applied. Left out of the export.
 */
function isMergeQueueVersion(slug: string): boolean {
  return slug.startsWith('gh-readonly-queue-');
}

/** The file's text: one project at the top, several under `projects`. */
async function renderConfigFile(configs: Map<string, ProjectConfig>): Promise<string> {
  const { stringify } = await import('yaml');
  const body = configs.size === 1 ? [...configs.values()][0]! : { projects: Object.fromEntries(configs) };
  const header = [
    `# yaml-language-server: $schema=${SCHEMA_URL}`,
    '# Read the Docs project settings, applied by the readthedocs action (operation `apply`).',
    '',
  ].join('\n');
  return `${header}${stringify(body, { lineWidth: 0, flowCollectionPadding: false })}`;
}

/** What `export` puts in a project's result: the file written, or null when it existed already. */
export interface ExportDetails {
  config: string | null;
}

/**
 * `export`: the file is written when it does not exist yet; otherwise it goes to the output
 * `config` and the log. The output `config` holds the text either way.
 */
export const exportStep: StepOperation<ExportDetails> = async (ctx) => {
  const configs = new Map<string, ProjectConfig>();
  const exported = await forEachProject<ExportDetails>(ctx, ctx.inputs.projects, async (c, { name }) => {
    configs.set(name, await exportProject(c, name));
    return { outcome: 'success' };
  });
  // Each project's details say where the file went, once the file is written (or not).
  const finished = (conclusion: Pick<ProjectResult<ExportDetails>, 'outcome' | 'reason' | 'details'>): ProjectResult<ExportDetails>[] =>
    exported.map((result) => ({ ...result, ...conclusion }));
  if (exported.some((r) => r.outcome !== 'success')) return { results: exported, summary: [], outputs: {} };
  const ordered = new Map(ctx.inputs.projects.map((p) => [p, configs.get(p)!]));
  const text = await renderConfigFile(ordered);
  const shown = safeLine(ctx.inputs.config);
  let written = false;
  try {
    written = await writeWithoutLinks(
      ctx.run.workspace,
      configPath(ctx.inputs.config, ctx.run.workspace),
      text,
      ctx.overwriteConfig === true,
    );
  } catch (error) {
    if (!(error instanceof UnsafePathError)) throw error;
    const results = finished({ outcome: 'error', reason: `${shown} was not written: ${error.message}`, details: { config: null } });
    return { results, summary: [exportedFileSection(ctx.inputs.config, text, 'refused')], outputs: { config: text } };
  }
  if (written) ctx.log.info(`Wrote ${shown}: commit it, then run \`apply\` to keep the project in step with it`);
  else {
    ctx.log.info(`${shown} exists already and was left as it is; the export is in the output \`config\` and below:`);
    ctx.log.untrusted(text);
  }
  const results = finished({ outcome: 'success', details: { config: written ? ctx.inputs.config : null } });
  return { results, summary: [exportedFileSection(ctx.inputs.config, text, written ? 'written' : 'exists')], outputs: { config: text } };
};

/**
 * The file in the job summary, ready to copy: on a runner the written file goes away with the job
 * unless a later step commits it (docs/project-as-code.md shows one that opens a pull request).
 */
function exportedFileSection(config: string, text: string, state: 'written' | 'exists' | 'refused'): string {
  const where = {
    written: `Written to ${codeSpan(config)} on the runner: commit it (a later step can open a pull request with it), or copy it from here.`,
    exists: `${codeSpan(config)} exists already and was left as it is: compare it with the export below.`,
    refused: `${codeSpan(config)} was not written (a symbolic link on its path): copy the export from here.`,
  }[state];
  return [`### The exported file`, '', where, '', fencedCode(text, 'yaml')].join('\n');
}
