import type { ReadTheDocsApi } from '../../../readthedocs/read-the-docs.js';

/** The project notification that says the service disabled the project's builds (FACTS.md, Builds). */
const BUILDS_DISABLED = 'project:builds:disabled-due-to-consecutive-failures';

/**
 * The project's notice that its builds are disabled (header and body, the service's text: print it
 * as untrusted), or undefined when there is none. Reading needs an admin's token: a refusal throws.
 */
export async function buildsDisabledNotice(api: ReadTheDocsApi, project: string): Promise<string | undefined> {
  const notice = (await api.projectNotifications(project)).find((n) => n.message.id === BUILDS_DISABLED);
  if (!notice) return undefined;
  return [notice.message.header, notice.message.body].filter(Boolean).join(': ') || BUILDS_DISABLED;
}
