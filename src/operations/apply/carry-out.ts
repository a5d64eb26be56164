import type { WriteFailure } from '../write-failure.js';
import { UncertainWriteError } from '../../readthedocs/errors.js';
import type { ProjectLog } from '../../reporting/project-log.js';
import { safeLine } from '../../util/untrusted-text.js';
import type { OperationContext } from '../types.js';
import { comparableSettings, currentRedirect, namedVersions } from '../shared/project-file/current-state.js';
import { describeChange, shown, symbolOf, type NotKept, type WriteStatus } from './describe.js';
import { BUSINESS_ONLY_SETTINGS, type DesiredRedirect, type SettingName } from '../shared/project-file/model.js';
import { hasPaths, redirectKey } from '../shared/project-file/normal-form.js';
import { sameSetting, type PlannedChange, type ProjectPlan } from '../shared/project-file/plan.js';
import { messageOf } from '../../util/message-of.js';

// `apply`'s second job: carrying out the plan, each write exactly once, then reading back what took.

const CREATE_ATTEMPTS = 3;

/** The write that failed, and why: the first failure stops every write after it. */

/** Carries out the plan in its order; the first failure stops every write after it. */
export async function carryOut(
  ctx: OperationContext,
  plan: ProjectPlan,
  statuses: WriteStatus[],
  log: ProjectLog,
): Promise<WriteFailure | undefined> {
  const { project } = plan;
  for (const [index, change] of plan.changes.entries()) {
    if (change.action === 'unmanaged') continue;
    try {
      await write(ctx, project, change, log);
      statuses[index] = 'done';
      log.progress(safeLine(`${symbolOf(change)} ${describeChange(change)}: done`));
    } catch (error) {
      statuses[index] = 'failed';
      for (let rest = index + 1; rest < plan.changes.length; rest += 1) {
        if (plan.changes[rest]!.action !== 'unmanaged') statuses[rest] = 'not done';
      }
      return { step: `${symbolOf(change)} ${describeChange(change)}`, error };
    }
  }
  return undefined;
}

function redirectBody(r: DesiredRedirect, position: number): Record<string, unknown> {
  const body: Record<string, unknown> = {
    type: r.type,
    http_status: r.http_status,
    force: r.force,
    enabled: r.enabled,
    description: r.description,
    position,
  };
  if (hasPaths(r.type)) {
    body.from_url = r.from;
    body.to_url = r.to;
  }
  return body;
}

async function write(ctx: OperationContext, project: string, change: PlannedChange, log: ProjectLog): Promise<void> {
  const { api } = ctx;
  switch (change.kind) {
    case 'version':
      return api.updateVersion(project, change.slug, change.body);
    case 'settings':
      return api.updateProject(project, change.body);
    case 'redirect':
      if (change.action === 'create') return createRedirectOnce(ctx, project, change.redirect, change.at, log);
      if (change.action === 'update') {
        await api.updateRedirect(project, change.pk, redirectBody(change.redirect, change.at));
        return;
      }
      return api.deleteRedirect(project, change.pk);
    case 'subproject':
      if (change.action === 'create') return createSubprojectOnce(ctx, project, change.child, change.alias, log);
      return api.deleteSubproject(project, change.alias);
  }
}

/**
 * Creates one redirect exactly once: the service makes a second one if asked twice, so after a
 * lost answer the list is read and the redirect looked for, in the service's normal form, before
 * creating it again.
 */
async function createRedirectOnce(ctx: OperationContext, project: string, redirect: DesiredRedirect, position: number, log: ProjectLog) {
  const key = redirectKey(redirect);
  for (let attempt = 1; ; attempt += 1) {
    try {
      await ctx.api.createRedirect(project, redirectBody(redirect, position));
      return;
    } catch (error) {
      if (!(error instanceof UncertainWriteError)) throw error;
      log.warning(
        safeLine(`The answer to creating a redirect was lost (${error.message}). Looking for it before creating it again.`),
        'Answer lost',
      );
      const found = (await ctx.api.redirects(project)).map(currentRedirect).find((r) => redirectKey(r) === key);
      if (found) {
        log.info(`The service did create the redirect (pk ${found.pk}): keeping it`);
        if (found.position !== position) await ctx.api.updateRedirect(project, found.pk, redirectBody(redirect, position));
        return;
      }
      if (attempt >= CREATE_ATTEMPTS) throw error;
    }
  }
}

async function createSubprojectOnce(ctx: OperationContext, project: string, child: string, alias: string, log: ProjectLog) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await ctx.api.createSubproject(project, { child, alias });
      return;
    } catch (error) {
      if (!(error instanceof UncertainWriteError)) throw error;
      log.warning(
        safeLine(`The answer to adding subproject ${child} was lost (${error.message}). Looking for it before adding it again.`),
        'Answer lost',
      );
      const found = (await ctx.api.subprojects(project)).find((s) => s.alias === alias && s.child.slug === child);
      if (found) return;
      if (attempt >= CREATE_ATTEMPTS) throw error;
    }
  }
}

/**
 * After writing, reads back what was sent (FACTS: "On save the service may keep its own values
 * [...] So read back after writing, and say which keys did not take"): each settings key and
 * version field that did not take gets a warning naming it and the value the service kept.
 */
export async function readBack(ctx: OperationContext, plan: ProjectPlan, statuses: WriteStatus[], log: ProjectLog): Promise<NotKept[]> {
  const done = plan.changes.filter((_, index) => statuses[index] === 'done');
  const settings = done.find((change) => change.kind === 'settings');
  const versions = done.filter((change) => change.kind === 'version');
  const compared = settings?.fields.filter((field) => !field.writeOnly) ?? [];
  if (compared.length === 0 && versions.length === 0) return [];
  const notKept: NotKept[] = [];
  try {
    if (compared.length > 0) {
      const now = comparableSettings(await ctx.api.projectSettings(plan.project));
      for (const field of compared) {
        const name = field.field as SettingName;
        if (!sameSetting(name, now[name], field.new)) notKept.push({ key: `settings.${name}`, wanted: field.new, kept: now[name] ?? null });
      }
    }
    if (versions.length > 0) {
      const now = namedVersions(
        await ctx.api.versions(plan.project),
        plan.project,
        versions.map((change) => change.slug),
      );
      for (const change of versions) {
        for (const field of change.fields) {
          const kept = now[change.slug]?.[field.field as 'active' | 'hidden' | 'privacy_level'];
          if (kept !== field.new) notKept.push({ key: `versions.${change.slug}.${field.field}`, wanted: field.new, kept: kept ?? null });
        }
      }
    }
  } catch (error) {
    log.warning(
      safeLine(
        `${plan.project}: the writes are done, but reading the project back failed, so whether the service kept every value is not known: ${messageOf(error)}`,
      ),
      'Project not read back',
    );
    return notKept;
  }
  for (const { key, wanted, kept } of notKept) {
    log.warning(
      safeLine(
        `${plan.project}: \`${key}\` did not take: asked for ${shown(wanted)}, the service kept ${shown(kept)} (${whyNotKept(key, kept)}). ` +
          'Every apply plans it again until the file says what the service keeps.',
      ),
      'Setting not kept',
    );
  }
  return notKept;
}

/** What FACTS.md says makes the service keep its own value. */
function whyNotKept(key: string, kept: unknown): string {
  const name = key.split('.').pop()!;
  if (name === 'repository') return "a project connected to a repository keeps that repository's clone URL";
  if (name === 'external_builds_privacy_level' && kept === 'public') {
    return 'Read the Docs for Business only, and forced to `public` for a public repository';
  }
  if ((BUSINESS_ONLY_SETTINGS as readonly string[]).includes(name)) return 'Read the Docs for Business only: Community drops it';
  return 'the service keeps its own value';
}
